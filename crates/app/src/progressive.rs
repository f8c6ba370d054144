//! Progressive (meter), dollar and Envy wagers: the model of one paytable (formulas in
//! `docs/PROGRESSIVE.md`) under stated assumptions, as a record. `parsheet analyze`,
//! `parsheet progressive`, `verify` and the report all take their figures from [`analyze`].
//!
//! The model needs terms the paytable may not print: the wager amount, the meter's reset, the
//! rate of progression, the other players whose hands pay this one an Envy Bonus. Each is the
//! printed term, else the user's, else the default the tables file records with its reason
//! (High Card Flush's reset: the least 678a.12(d)(3) allows), else a stated convention (a $1
//! wager, no other players). A figure that needs a term nobody gave (the long run without a
//! rate of progression) is null, with a note saying why and what it is without the term.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use parsheet_paytable::progressive::{self, Envy, Model, Progressive, Terms};
use parsheet_paytable::{Decimal, OutcomeCounts, Pay};
use parsheet_tables::{PaytableEntry, WagerTables};
use schemars::JsonSchema;
use serde::Serialize;

use crate::vocab::{Assumption, Basis, Count, Exact, Figure, Figures, Source};

/// Every table game of the chapters seats at most six players ("betting positions for no more
/// than six players"), so a player has at most five others.
pub const MAX_OTHER_PLAYERS: u32 = 5;

/// The largest dollar amount a user may type (meter, wager, reset): far above any real meter.
const MAX_DOLLARS: u64 = 1_000_000_000;

/// A non-negative dollar amount typed by the user: "25000", "$25,000", "7.50".
pub fn user_dollars(what: &str, text: &str) -> Result<BigRational, String> {
    let t = text.trim();
    let t = t.strip_prefix('$').unwrap_or(t);
    let amount = progressive::dollars(&format!("${t}")).map_err(|_| format!("--{what} {text:?}: expected a non-negative dollar amount such as 25000 or $25,000"))?;
    if amount > BigRational::from_integer(MAX_DOLLARS.into()) {
        return Err(format!("--{what} {text:?}: at most {}", money(&BigRational::from_integer(MAX_DOLLARS.into()))));
    }
    Ok(amount)
}

/// A rate typed by the user, from 0 to 100%.
pub fn user_percent(what: &str, text: &str) -> Result<BigRational, String> {
    let t = text.trim();
    let t = t.strip_suffix('%').unwrap_or(t);
    let rate = progressive::percent(&format!("{t}%")).map_err(|_| format!("--{what} {text:?}: expected a percentage from 0 to 100, such as 20 or 20%"))?;
    if rate > BigRational::from_integer(1.into()) {
        return Err(format!("--{what} {text:?}: a rate is at most 100%"));
    }
    Ok(rate)
}

/// Whether a paytable needs the model: a meter or dollar pay, or an Envy column.
pub fn needs_model(p: &PaytableEntry) -> bool {
    !p.envy.is_empty() || p.table.lines.iter().any(|l| l.pay.net().is_none())
}

pub fn has_meter_or_dollars(p: &PaytableEntry) -> bool {
    p.table.lines.iter().any(|l| l.pay.net().is_none())
}

pub fn term<'a>(p: &'a PaytableEntry, key: &str) -> Option<&'a str> {
    p.terms.iter().find(|t| t.0 == key).map(|t| t.1.as_str())
}

pub fn money(r: &BigRational) -> String {
    let s = if r.is_integer() { r.to_integer().to_string() } else { Decimal(r).with_places(2) };
    // Thousands separators on the whole part.
    let (int, frac) = s.split_once('.').map_or((s.as_str(), None), |(a, b)| (a, Some(b)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{sign}${grouped}{}", frac.map(|f| format!(".{f}")).unwrap_or_default())
}

pub fn pct(r: &BigRational, places: usize) -> String {
    format!("{}%", Decimal(r).percent(places))
}

/// What the user sets beyond the printed terms; `None` takes the printed term or the default.
#[derive(Clone, Debug, Default)]
pub struct Assume {
    pub wager: Option<BigRational>,
    pub rate: Option<BigRational>,
    pub reset: Option<BigRational>,
    pub others: Option<u32>,
}

/// The model's terms: the printed ones, else the user's (`assume`), else the wager's defaults
/// (`w`, from its tables file), and every one of them as an [`Assumption`].
pub fn terms_of(w: &WagerTables, p: &PaytableEntry, assume: &Assume) -> Result<(Terms, Vec<Assumption>), String> {
    let mut said = Vec::new();
    let printed_wager = term(p, "wager").map(progressive::dollars).transpose()?;
    let wager = match (&printed_wager, &assume.wager) {
        (Some(w), Some(a)) if w != a => {
            return Err(format!("paytable {} is printed for a {} wager; its dollar pays do not apply to {}", p.table.id, money(w), money(a)));
        }
        (Some(w), _) => {
            said.push(Assumption::printed("wager", money(w)));
            w.clone()
        }
        (None, Some(a)) => {
            said.push(Assumption::given("wager", money(a)));
            a.clone()
        }
        (None, None) => {
            said.push(Assumption::default("wager", "$1", "no wager amount is printed; figures are per $1 wagered"));
            BigRational::from_integer(1.into())
        }
    };
    if !wager.is_positive() {
        return Err("the wager must be greater than zero".into());
    }
    let seed = term(p, "seed").map(progressive::dollars).transpose()?;
    let reset = term(p, "reset").map(progressive::dollars).transpose()?;
    let rate = term(p, "rate").map(progressive::percent).transpose()?;
    let reserve = term(p, "reserve").map(progressive::percent).transpose()?;
    let returned = term(p, "original-wager").map(progressive::original_wager_returned).transpose()?;
    let meter = has_meter(p);
    let mut terms = Terms { wager, seed, reset, rate, reserve, original_wager_returned: returned.unwrap_or(false) };
    if meter {
        match (&terms.rate, &assume.rate) {
            (Some(r), Some(a)) if r != a => {
                said.push(Assumption::new("rate", pct(a, 2), Source::Given, Some(format!("in place of the printed {}", pct(r, 2)))));
                terms.rate = Some(a.clone());
            }
            (Some(r), _) => said.push(Assumption::printed("rate", pct(r, 2))),
            (None, Some(a)) => {
                said.push(Assumption::given("rate", pct(a, 2)));
                terms.rate = Some(a.clone());
            }
            (None, None) => {}
        }
        if let Some(s) = &terms.seed {
            said.push(Assumption::printed("seed", money(s)));
        }
        let default_reset = w.default_of("reset");
        match (&terms.reset, &terms.seed, &assume.reset, default_reset) {
            (Some(r), _, _, _) => said.push(Assumption::printed("reset", money(r))),
            (None, Some(s), _, _) => said.push(Assumption::new("reset", money(s), Source::Printed, Some("the seed; no reset is printed".into()))),
            (None, None, Some(a), _) => {
                said.push(Assumption::given("reset", money(a)));
                terms.reset = Some(a.clone());
            }
            (None, None, None, Some(d)) => {
                let r = progressive::dollars(&d.value)?;
                said.push(Assumption::default("reset", money(&r), d.basis.clone()));
                terms.reset = Some(r);
            }
            (None, None, None, None) => {}
        }
        if let Some(r) = &terms.reserve {
            said.push(Assumption::printed("reserve", pct(r, 2)));
        }
    }
    if has_meter_or_dollars(p) {
        said.push(match returned {
            Some(r) => Assumption::printed("original-wager", if r { "returned" } else { "not returned" }),
            None => Assumption::default("original-wager", "not returned", "not stated: meter and dollar pays are read as the whole return"),
        });
    }
    let _ = &mut terms;
    Ok((terms, said))
}

/// The other players whose hands can pay an Envy Bonus: the user's, else the wager's default.
fn others(w: &WagerTables, p: &PaytableEntry, assume: &Assume) -> Result<(u32, Option<Assumption>), String> {
    if p.envy.is_empty() {
        return Ok((0, None));
    }
    if let Some(n) = assume.others {
        return Ok((n, Some(Assumption::given("players", n.to_string()))));
    }
    let (n, basis) = match w.default_of("players") {
        Some(d) => (d.value.parse::<u32>().map_err(|e| e.to_string())?, d.basis.clone()),
        None => (0, "the bet alone: no other player's hand pays an Envy Bonus".into()),
    };
    Ok((n, Some(Assumption::default("players", n.to_string(), basis))))
}

/// Whether a paytable pays from a meter.
pub fn has_meter(p: &PaytableEntry) -> bool {
    p.table.lines.iter().any(|l| matches!(l.pay, Pay::PercentOfMeter(_) | Pay::DollarsAndMeter(..)))
}

/// Evaluates the model of one paytable of `w`.
pub fn model_of(counts: &OutcomeCounts, w: &WagerTables, p: &PaytableEntry, assume: &Assume) -> Result<(Progressive, Vec<Assumption>), String> {
    let (terms, mut said) = terms_of(w, p, assume)?;
    let (n, players) = others(w, p, assume)?;
    said.extend(players);
    let mut amounts = Vec::new();
    for (outcome, pay) in &p.envy {
        match pay {
            Pay::Dollars(a) => amounts.push((outcome.clone(), a.clone())),
            other => return Err(format!("paytable {}: Envy of {outcome} is {other}, not a dollar amount", p.table.id)),
        }
    }
    let envy = Envy { others: n, amounts };
    let m = Model { counts, table: &p.table, terms, envy }.evaluate().map_err(|e| format!("paytable {}: {e}", p.table.id))?;
    Ok((m, said))
}

/// One outcome of the model.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ModelOutcome {
    pub outcome: String,
    /// The printed pay; `null` for a line the table does not have (it loses).
    pub pays: Option<String>,
    pub combinations: Count,
    pub probability: Exact,
    /// Its share of the fixed return per unit wagered.
    pub fixed_return: Exact,
    /// The share of the meter it pays.
    pub meter_share: Exact,
    /// The Envy Bonus each other player's such hand pays (dollars).
    pub envy: Exact,
}

/// A meter award: an outcome paid from the meter.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Award {
    pub outcome: String,
    pub pays: String,
    pub share: Exact,
    pub probability: Exact,
    /// One hit in this many wagers; `null` where it never happens.
    pub one_in: Option<Exact>,
}

/// The progressive model of one paytable under stated assumptions (`parsheet progressive`,
/// and `parsheet analyze` of a meter, dollar or Envy wager).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ProgressiveAnalysis {
    pub game: String,
    pub wager: String,
    pub paytable: String,
    pub reading: Option<String>,
    pub assumptions: Vec<Assumption>,
    pub cycle: Count,
    /// The long-run payback per unit wagered (and the house edge, one minus it).
    #[serde(flatten)]
    pub figures: Figures,
    pub outcomes: Vec<ModelOutcome>,
    /// What the fixed pays return per unit wagered.
    pub fixed_return: Exact,
    /// What the other players' Envy Bonuses return per unit wagered.
    pub envy: Exact,
    pub envy_per_other_player: Exact,
    /// Payback per dollar on the meter.
    pub per_meter_dollar: Exact,
    pub awards: Vec<Award>,
    /// What funding the reset costs per unit wagered.
    pub reset_funding: Option<Exact>,
    /// The long run without the rate of progression (the fixed pays, Envy and the reset).
    pub long_run_payback_without_rate: Exact,
    /// The meter above which the payback exceeds 100%; `null` where there is no meter, and
    /// where the payback is 100% or more at any meter.
    pub break_even_meter: Option<Exact>,
    /// The meter's reset (or seed), in dollars, and the payback when the meter stands there.
    pub reset: Option<Exact>,
    pub payback_at_reset: Option<Exact>,
    /// The meter asked about, and the payback there.
    pub meter: Option<Exact>,
    pub payback_at_meter: Option<Exact>,
}

/// The figures of a model: the long-run payback where it exists.
pub fn figures_of(m: &Progressive) -> Figures {
    match m.long_run() {
        Some(l) => Figures::new(vec![Figure::of_net(Basis::PerUnit, &(l - BigRational::from_integer(1.into())))], Basis::PerUnit),
        None => {
            let mut f = Figures::new(vec![Figure { basis: Basis::PerUnit, house_edge: None, payback: None }], Basis::PerUnit);
            let note = format!(
                "no rate of progression is printed or given, so the long run is not a number: it is {}% plus what the rate returns (give one with --rate)",
                Decimal(&m.long_run_without_rate()).percent(4)
            );
            f.house_edge_note = Some(note.clone());
            f.payback_note = Some(note);
            f
        }
    }
}

/// The model of `game wager`'s paytable `paytable` (the only one when `None`) under `assume`,
/// with the payback at `meter` where one is asked about.
pub fn analyze(
    games: &[parsheet_tables::GameTables],
    game: &str,
    wager: &str,
    paytable: Option<&str>,
    variant: Option<&str>,
    assume: &Assume,
    meter: Option<&BigRational>,
) -> Result<ProgressiveAnalysis, String> {
    if assume.others.is_some_and(|n| n > MAX_OTHER_PLAYERS) {
        return Err(format!("--players {}: a table seats six, so give from 0 to {MAX_OTHER_PLAYERS} other players", assume.others.unwrap_or(0)));
    }
    let entry = crate::inputs::select(games, game, wager, paytable)?;
    let w = games.iter().find(|g| g.game == game).and_then(|g| g.wagers.iter().find(|w| w.id == wager)).expect("select found it");
    let known = parsheet_games::find(game, wager)?;
    known.reading(variant)?;
    if assume.wager.as_ref().is_some_and(|w| w.is_zero()) {
        return Err("--wager must be greater than zero".into());
    }
    // 688a.1: an Envy Bonus is paid only on a Qualifying Wager, one of at least $5.
    let qualifying = BigRational::from_integer(5.into());
    let stake = assume.wager.clone().or_else(|| term(entry, "wager").and_then(|v| progressive::dollars(v).ok()));
    if game == "face-up-pai-gow" && assume.others.is_some_and(|n| n > 0) && !entry.envy.is_empty() && stake.as_ref().is_none_or(|w| *w < qualifying) {
        return Err(format!(
            "an Envy Bonus is paid only on a Qualifying Wager of at least $5 (688a.1); the wager is {}: give --wager 5 or more with --players",
            stake.map_or("not printed (taken as $1)".to_string(), |w| money(&w))
        ));
    }
    let (reading, reading_said) = crate::inputs::reading_of(w, entry, known, variant);
    let counts = known.count(reading.as_deref())?;
    let (m, mut said) = model_of(&counts, w, entry, assume)?;
    said.splice(0..0, reading_said);
    if let Some(v) = meter {
        said.push(Assumption::given("meter", money(v)));
    }
    Ok(record(game, wager, &entry.table.id, reading, said, &counts, &m, meter))
}

/// The record of a model.
pub fn record(game: &str, wager: &str, paytable: &str, reading: Option<String>, assumptions: Vec<Assumption>, counts: &OutcomeCounts, m: &Progressive, meter: Option<&BigRational>) -> ProgressiveAnalysis {
    let x = |r: &BigRational| Exact(r.clone());
    ProgressiveAnalysis {
        game: game.into(),
        wager: wager.into(),
        paytable: paytable.into(),
        reading,
        assumptions,
        cycle: Count(counts.cycle()),
        figures: figures_of(m),
        outcomes: m
            .rows
            .iter()
            .map(|r| ModelOutcome {
                outcome: r.outcome.clone(),
                pays: r.pay.as_ref().map(ToString::to_string),
                combinations: Count(r.combinations),
                probability: x(&r.probability),
                fixed_return: x(&r.fixed_return),
                meter_share: x(&r.share),
                envy: x(&r.envy),
            })
            .collect(),
        fixed_return: x(&m.fixed_return),
        envy: x(&m.envy),
        envy_per_other_player: x(&m.envy_per_other()),
        per_meter_dollar: x(&m.per_meter_dollar),
        awards: m
            .awards
            .iter()
            .map(|a| Award { outcome: a.outcome.clone(), pays: Pay::PercentOfMeter(a.share.clone()).to_string(), share: x(&a.share), probability: x(&a.probability), one_in: a.one_in.as_ref().map(x) })
            .collect(),
        reset_funding: m.reset_funding().map(Exact),
        long_run_payback_without_rate: x(&m.long_run_without_rate()),
        break_even_meter: m.break_even_meter().filter(|b| b.is_positive()).map(Exact),
        reset: m.terms.reset_or_seed().map(x),
        payback_at_reset: m.terms.reset_or_seed().filter(|_| !m.awards.is_empty()).map(|v| Exact(m.payback_at(v))),
        meter: meter.map(x),
        payback_at_meter: meter.filter(|_| !m.awards.is_empty()).map(|v| Exact(m.payback_at(v))),
    }
}

/// The least wager paid an Envy Bonus, where a rule sets one: Face Up Pai Gow's Qualifying
/// Wager, at least $5 (688a.1).
pub fn envy_qualifying_wager(game: &str) -> Option<BigRational> {
    (game == "face-up-pai-gow").then(|| BigRational::from_integer(5.into()))
}

/// Envy by the number of other players (0 to [`MAX_OTHER_PLAYERS`]) for a wager paid Envy and
/// no meter (the Fortune Bonus), at the least wager paid Envy ($1 where no rule sets one):
/// that wager, and per number of other players the Envy return and the payback, per unit
/// wagered. Each other player's hand of the Envy column pays its dollars whatever this player
/// wagers, so per unit wagered each other player adds Σ probability × Envy dollars / wager, and
/// the payback is the fixed pays' return plus the Envy. `None` for a meter wager (its figures
/// depend on the wager through the meter too) or one without Envy.
pub fn envy_by_players(a: &ProgressiveAnalysis) -> Option<(BigRational, Vec<(u32, Exact, Exact)>)> {
    let envy_dollars: BigRational = a.outcomes.iter().map(|o| o.probability.value() * o.envy.value()).sum();
    if envy_dollars.is_zero() || !a.per_meter_dollar.value().is_zero() {
        return None;
    }
    let wager = envy_qualifying_wager(&a.game).unwrap_or_else(|| BigRational::from_integer(1.into()));
    let per_player = envy_dollars / &wager;
    let rows = (0..=MAX_OTHER_PLAYERS)
        .map(|k| {
            let envy = &per_player * BigRational::from_integer(k.into());
            (k, Exact(envy.clone()), Exact(a.fixed_return.value() + envy))
        })
        .collect();
    Some((wager, rows))
}
