//! `parsheet progressive <game> <wager>`: the progressive model of one paytable (formulas in
//! `docs/PROGRESSIVE.md`), and the model's side of `parsheet verify` for every wager whose
//! paytable has meter or dollar pays or an Envy column.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use parsheet_paytable::progressive::{self, Envy, Model, Progressive, Terms};
use parsheet_paytable::{fraction, Decimal, OutcomeCounts, Pay};
use parsheet_tables::{PaytableEntry, Percent, Published, WagerTables};

use crate::figure::{matches, Status};
use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub target: crate::analyze::WagerArgs,
    /// Meter amount in dollars for the payback at that meter, e.g. 25000 or $25,000.
    #[arg(long, allow_hyphen_values = true)]
    pub meter: Option<String>,
    /// Other players at the table, each of whose hands can pay this player an Envy Bonus (0 to
    /// 5: the tables seat six).
    #[arg(long, default_value_t = 0)]
    pub players: u32,
    /// Wager in dollars (default: the paytable's printed wager, else $1).
    #[arg(long = "wager", id = "wager_amount", value_name = "AMOUNT", allow_hyphen_values = true)]
    pub wager_amount: Option<String>,
    /// Rate of progression in percent, where the paytable prints none, e.g. 20 or 20%.
    #[arg(long, allow_hyphen_values = true)]
    pub rate: Option<String>,
    /// Reset (re-seed) amount in dollars, where the paytable prints neither reset nor seed.
    #[arg(long, allow_hyphen_values = true)]
    pub reset: Option<String>,
    /// table or json (csv and md are refused: the model is a list of figures, not one table).
    #[arg(long, value_enum, default_value = "table")]
    pub format: crate::Format,
    #[command(flatten)]
    pub tables: TablesArg,
}

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
fn user_percent(what: &str, text: &str) -> Result<BigRational, String> {
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

fn has_meter_or_dollars(p: &PaytableEntry) -> bool {
    p.table.lines.iter().any(|l| l.pay.net().is_none())
}

fn term<'a>(p: &'a PaytableEntry, key: &str) -> Option<&'a str> {
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

fn pct(r: &BigRational, places: usize) -> String {
    format!("{}%", Decimal(r).percent(places))
}

/// What the user or verify sets beyond the printed terms.
#[derive(Clone, Default)]
pub struct Assume {
    pub wager: Option<BigRational>,
    pub rate: Option<BigRational>,
    pub reset: Option<BigRational>,
    pub others: u32,
}

/// The model's terms from the printed ones plus `assume`, and the assumptions in words.
pub fn terms_of(p: &PaytableEntry, assume: &Assume) -> Result<(Terms, Vec<String>), String> {
    let mut said = Vec::new();
    let printed_wager = term(p, "wager").map(progressive::dollars).transpose()?;
    let wager = match (&printed_wager, &assume.wager) {
        (Some(w), Some(a)) if w != a => {
            return Err(format!("paytable {} is printed for a {} wager; its dollar pays do not apply to {}", p.table.id, money(w), money(a)));
        }
        (Some(w), _) => {
            said.push(format!("wager {}", money(w)));
            w.clone()
        }
        (None, Some(a)) => {
            said.push(format!("wager {} (not printed)", money(a)));
            a.clone()
        }
        (None, None) => {
            said.push("wager $1 (not printed)".into());
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
    let meter = p.table.lines.iter().any(|l| matches!(l.pay, Pay::PercentOfMeter(_) | Pay::DollarsAndMeter(..)));
    let mut terms = Terms { wager, seed, reset, rate, reserve, original_wager_returned: returned.unwrap_or(false) };
    if meter {
        match (&terms.rate, &assume.rate) {
            (Some(r), None) => said.push(format!("rate {}", pct(r, 2))),
            (Some(r), Some(a)) if r != a => {
                said.push(format!("rate {} (override of the printed {})", pct(a, 2), pct(r, 2)));
                terms.rate = Some(a.clone());
            }
            (Some(r), Some(_)) => said.push(format!("rate {}", pct(r, 2))),
            (None, Some(a)) => {
                said.push(format!("rate {} (not printed)", pct(a, 2)));
                terms.rate = Some(a.clone());
            }
            (None, None) => said.push("rate not printed".into()),
        }
        if let Some(s) = &terms.seed {
            said.push(format!("seed {}", money(s)));
        }
        match (&terms.reset, &terms.seed, &assume.reset) {
            (Some(r), _, _) => said.push(format!("reset {}", money(r))),
            (None, Some(_), _) => said.push("reset = seed (no reset printed)".into()),
            (None, None, Some(a)) => {
                said.push(format!("reset {} (not printed)", money(a)));
                terms.reset = Some(a.clone());
            }
            (None, None, None) => said.push("no seed or reset printed".into()),
        }
        if let Some(r) = &terms.reserve {
            said.push(format!("reserve {}", pct(r, 2)));
        }
    }
    if has_meter_or_dollars(p) {
        said.push(match returned {
            Some(true) => "original wager returned".into(),
            Some(false) => "original wager not returned".into(),
            None => "original wager not stated: meter and dollar pays read as the whole return".into(),
        });
    }
    if !p.envy.is_empty() {
        said.push(format!("Envy from {} other player{}", assume.others, if assume.others == 1 { "" } else { "s" }));
    }
    Ok((terms, said))
}

/// Evaluates the model of one paytable.
pub fn model_of(counts: &OutcomeCounts, p: &PaytableEntry, assume: &Assume) -> Result<(Progressive, Vec<String>), String> {
    let (terms, said) = terms_of(p, assume)?;
    let mut amounts = Vec::new();
    for (outcome, pay) in &p.envy {
        match pay {
            Pay::Dollars(a) => amounts.push((outcome.clone(), a.clone())),
            other => return Err(format!("paytable {}: Envy of {outcome} is {other}, not a dollar amount", p.table.id)),
        }
    }
    let envy = Envy { others: assume.others, amounts };
    let m = Model { counts, table: &p.table, terms, envy }.evaluate().map_err(|e| format!("paytable {}: {e}", p.table.id))?;
    Ok((m, said))
}

/// What `verify` and the report assume beyond the printed terms: High Card Flush prints no seed
/// or reset, and 678a.12(d)(3) sets them at $30,000 or more, so the least is taken.
pub fn printed_assumptions(game: &str, p: &PaytableEntry) -> Assume {
    Assume { reset: (game == "high-card-flush" && term(p, "seed").is_none()).then(|| BigRational::from_integer(30_000.into())), ..Assume::default() }
}

/// The model of one paytable under [`printed_assumptions`], the assumptions in words.
pub fn model_with_printed_terms(game: &str, counts: &OutcomeCounts, p: &PaytableEntry) -> Result<(Progressive, Vec<String>), String> {
    let assume = printed_assumptions(game, p);
    let (m, mut said) = model_of(counts, p, &assume)?;
    if assume.reset.is_some() {
        if let Some(s) = said.iter_mut().find(|s| s.starts_with("reset")) {
            *s = "reset $30,000 (the least 678a.12(d)(3) allows; not printed)".into();
        }
    }
    Ok((m, said))
}

/// The published figure as a payback (hold and house edge are 1 − payback).
fn as_payback(kind: parsheet_tables::FigureKind, v: &BigRational) -> BigRational {
    if kind.is_house_share() {
        BigRational::from_integer(1.into()) - v
    } else {
        v.clone()
    }
}

fn as_figure(kind: parsheet_tables::FigureKind, payback: &BigRational) -> BigRational {
    as_payback(kind, payback)
}

/// One model row of `parsheet verify`: (paytable, status, computed figure, detail).
pub type ModelCheck = (String, Status, Option<BigRational>, String);

/// Checks a published figure of a wager whose paytables need the model.
pub fn verify_figure(game: &str, w: &WagerTables, f: &Published, counts: &OutcomeCounts) -> Vec<ModelCheck> {
    let targets: Vec<&PaytableEntry> = match &f.paytable {
        Some(id) => w.paytables.iter().filter(|p| &p.table.id == id).collect(),
        None => w.paytables.iter().collect(),
    };
    let Some(v) = &f.value else {
        return vec![("all".into(), Status::NotComputed, None, "a range over paytables that need the progressive model is not checked".into())];
    };
    let mut out = Vec::new();
    for p in targets {
        out.extend(verify_one(game, p, f, v, counts));
    }
    out
}

fn verify_one(game: &str, p: &PaytableEntry, f: &Published, v: &Percent, counts: &OutcomeCounts) -> Vec<ModelCheck> {
    let id = p.table.id.clone();
    let target = as_payback(f.kind, &v.value);
    let places = v.places;
    let dev = |c: &BigRational| Decimal(&((c - &v.value) * BigRational::from_integer(100.into()))).with_places(places + 2);
    let meter = p.table.lines.iter().any(|l| matches!(l.pay, Pay::PercentOfMeter(_) | Pay::DollarsAndMeter(..)));
    let no_rate = meter && term(p, "rate").is_none();
    let assume = printed_assumptions(game, p);
    let (base, said) = match model_with_printed_terms(game, counts, p) {
        Ok(x) => x,
        Err(e) => return vec![(id, Status::NotComputed, None, e)],
    };
    if no_rate {
        let rate = base.implied_rate(&target);
        let envy_note = if p.envy.is_empty() { "" } else { "; the Envy column is left out (no other players)" };
        let sense = if rate.is_negative() { " (negative: the fixed pays and reset alone exceed the figure)" } else { "" };
        return vec![(
            id,
            Status::Implied,
            None,
            format!(
                "long-run, {}: the chapter prints no rate of progression; the published {} implies a rate of {} (exact {}){sense}; without the rate the long run is {}{envy_note}",
                said.join(", "),
                v.text,
                pct(&rate, places + 3),
                fraction(&rate),
                pct(&as_figure(f.kind, &base.long_run_without_rate()), places + 3)
            ),
        )];
    }
    let Some(long) = base.long_run() else {
        return vec![(id, Status::NotComputed, None, format!("no long run: {}", said.join(", ")))];
    };
    let mut out = Vec::new();
    let c = as_figure(f.kind, &long);
    let ok = matches(&c, v);
    let label = if p.envy.is_empty() { "long-run".to_string() } else { "long-run without Envy".to_string() };
    let label = if meter { label } else { label.replace("long-run", "fixed pays") };
    out.push((id.clone(), if ok { Status::Reproduced } else { Status::Differs }, Some(c.clone()), format!("{label}, {}; deviation {} points", said.join(", "), dev(&c))));
    if !p.envy.is_empty() && !ok {
        // Search the table assumptions: other players 1..=MAX_OTHER_PLAYERS at the least Qualifying
        // Wager ($5, § 688a.1) or the printed wager, which gives the most Envy per dollar.
        let wager = term(p, "wager").map(|_| None).unwrap_or_else(|| Some(BigRational::from_integer(5.into())));
        let mut found = Vec::new();
        let mut nearest: Option<(u32, BigRational, Vec<String>, BigRational)> = None;
        for n in 1..=MAX_OTHER_PLAYERS {
            let a = Assume { others: n, wager: wager.clone(), ..assume.clone() };
            let Ok((m, said)) = model_of(counts, p, &a) else { continue };
            let Some(long) = m.long_run() else { continue };
            let c = as_figure(f.kind, &long);
            let gap = (&c - &v.value).abs();
            if matches(&c, v) {
                found.push((n, c.clone(), said.clone()));
            }
            if nearest.as_ref().is_none_or(|x| gap < x.3) {
                nearest = Some((n, c, said, gap));
            }
        }
        let per_other = model_of(counts, p, &Assume { others: 1, wager: wager.clone(), ..assume.clone() }).ok().map(|(m, _)| m.envy_per_other());
        let implied = model_of(counts, p, &Assume { others: 1, wager, ..assume.clone() }).ok().and_then(|(m, _)| m.implied_others(&target));
        let implied = implied.map(|n| format!("; the figure implies {} other players (exact {})", Decimal(&n).with_places(3), fraction(&n))).unwrap_or_default();
        let per = per_other.map(|e| format!(", Envy {} per other player", pct(&e, places + 3))).unwrap_or_default();
        if found.is_empty() {
            let (n, c, said, _) = nearest.expect("some player count");
            out.push((id, Status::Differs, Some(c.clone()), format!("with Envy: no number of other players from 1 to {MAX_OTHER_PLAYERS} reproduces it; nearest {n}: {}{per}; deviation {} points{implied}", said.join(", "), dev(&c))));
        } else {
            for (n, c, said) in found {
                let _ = n;
                out.push((id.clone(), Status::Reproduced, Some(c.clone()), format!("with Envy: {}{per}; deviation {} points{implied}", said.join(", "), dev(&c))));
            }
        }
    }
    out
}

/// `analyze` on a meter, dollar or Envy wager: the model under its default assumptions (the
/// meter-dependent figures need `parsheet progressive`, which the output names).
pub fn analyze(target: &crate::analyze::WagerArgs, tables: &TablesArg, format: crate::Format) -> Result<(), String> {
    let command = format!("parsheet progressive {} {}{}", target.game, target.wager, target.paytable.as_deref().map(|p| format!(" --paytable {p}")).unwrap_or_default());
    let args = Args {
        target: crate::analyze::WagerArgs { game: target.game.clone(), wager: target.wager.clone(), paytable: target.paytable.clone(), variant: target.variant.clone() },
        meter: None,
        players: 0,
        wager_amount: None,
        rate: None,
        reset: None,
        format,
        tables: tables.clone(),
    };
    run_with(args, &command).map_err(|e| format!("{e}; this wager pays from a meter or in dollars: its model takes --meter, --rate, --reset, --players and --wager on `{command}`"))
}

pub fn run(args: Args) -> Result<(), String> {
    run_with(args, "")
}

fn run_with(args: Args, from_analyze: &str) -> Result<(), String> {
    crate::Format::offer("progressive", args.format, &[crate::Format::Table, crate::Format::Json])?;
    if args.players > MAX_OTHER_PLAYERS {
        return Err(format!("--players {}: a table seats six, so give from 0 to {MAX_OTHER_PLAYERS} other players", args.players));
    }
    let games = args.tables.load()?;
    let t = &args.target;
    let entry = crate::analyze::select(&games, &t.game, &t.wager, t.paytable.as_deref())?;
    let wager = parsheet_games::find(&t.game, &t.wager)?;
    let meter = args.meter.as_deref().map(|m| user_dollars("meter", m)).transpose()?;
    let assume = Assume {
        wager: args.wager_amount.as_deref().map(|w| user_dollars("wager", w)).transpose()?,
        rate: args.rate.as_deref().map(|r| user_percent("rate", r)).transpose()?,
        reset: args.reset.as_deref().map(|r| user_dollars("reset", r)).transpose()?,
        others: args.players,
    };
    if assume.wager.as_ref().is_some_and(|w| w.is_zero()) {
        return Err("--wager must be greater than zero".into());
    }
    // 688a.1: an Envy Bonus is paid only on a Qualifying Wager, one of at least $5.
    let qualifying = BigRational::from_integer(5.into());
    let stake = assume.wager.clone().or_else(|| entry.terms.iter().find(|(k, _)| k == "wager").and_then(|(_, v)| user_dollars("wager", v).ok()));
    if t.game == "face-up-pai-gow" && args.players > 0 && !entry.envy.is_empty() && stake.as_ref().is_none_or(|w| *w < qualifying) {
        return Err(format!(
            "an Envy Bonus is paid only on a Qualifying Wager of at least $5 (688a.1); the wager is {}: give --wager 5 or more with --players",
            stake.map_or("not printed (taken as $1)".to_string(), |w| format!("${}", Decimal(&w).with_places(2)))
        ));
    }
    let variant = entry.reading(t.variant.as_deref(), wager);
    let counts = wager.count(variant)?;
    let (m, said) = model_of(&counts, entry, &assume)?;
    if args.format == crate::Format::Json {
        println!("{}", to_json(&t.game, &t.wager, &entry.table.id, variant, &m, &said, meter.as_ref()));
        return Ok(());
    }
    print!("{}", report(&t.game, &t.wager, &entry.table.id, variant, &m, &said, meter.as_ref()));
    if !from_analyze.is_empty() {
        println!("\n(the progressive model with its default assumptions; for a meter, players or rate: {from_analyze} --meter AMOUNT ...)");
    }
    Ok(())
}

/// The model as JSON (docs/JSON.md): exact figures as fractions, percentages as decimal text.
pub fn to_json(game: &str, wager: &str, paytable: &str, variant: Option<&str>, m: &Progressive, said: &[String], meter: Option<&BigRational>) -> serde_json::Value {
    use serde_json::json;
    let opt = |x: Option<BigRational>| x.map(|v| fraction(&v));
    json!({
        "game": game, "wager": wager, "paytable": paytable, "variant": variant, "assumptions": said,
        "outcomes": m.rows.iter().map(|r| json!({"outcome": r.outcome, "pays": r.pay.as_ref().map(|p| p.to_string()),
            "combinations": r.combinations.to_string(), "probability": fraction(&r.probability),
            "fixed_return": fraction(&r.fixed_return), "meter_share": fraction(&r.share), "envy": fraction(&r.envy)})).collect::<Vec<_>>(),
        "fixed_return": fraction(&m.fixed_return),
        "envy": fraction(&m.envy), "envy_others": m.envy_others,
        "per_meter_dollar": fraction(&m.per_meter_dollar),
        "awards": m.awards.iter().map(|a| json!({"outcome": a.outcome, "share": fraction(&a.share), "probability": fraction(&a.probability),
            "one_in": a.one_in.as_ref().map(fraction)})).collect::<Vec<_>>(),
        "reset_funding": opt(m.reset_funding()),
        "long_run_payback": opt(m.long_run()),
        "long_run_payback_without_rate": fraction(&m.long_run_without_rate()),
        "break_even_meter": opt(m.break_even_meter()),
        "meter": meter.map(fraction),
        "payback_at_meter": meter.map(|v| fraction(&m.payback_at(v))),
    })
}

/// The model report as text.
pub fn report(game: &str, wager: &str, paytable: &str, variant: Option<&str>, m: &Progressive, said: &[String], meter: Option<&BigRational>) -> String {
    let mut o = format!("{game} {wager}, paytable {paytable}{}\n", variant.map(|v| format!(", reading {v}")).unwrap_or_default());
    o += &format!("assumptions: {}\n\n", said.join(", "));
    o += &format!("{:<36} {:>22} {:>14} {:>16} {:>12} {:>10}\n", "outcome", "pays", "combinations", "probability", "fixed/unit", "envy");
    for r in &m.rows {
        o += &format!(
            "{:<36} {:>22} {:>14} {:>16} {:>12} {:>10}\n",
            r.outcome,
            r.pay.as_ref().map_or("-".into(), |p| p.to_string()),
            r.combinations,
            Decimal(&r.probability).with_places(12),
            Decimal(&r.fixed_return).with_places(4),
            if r.envy.is_zero() { "-".into() } else { money(&r.envy) }
        );
    }
    o += &format!("\nfixed return F             {}  (exact {})\n", pct(&m.fixed_return, 4), fraction(&m.fixed_return));
    if !m.envy.is_zero() || m.envy_others > 0 {
        o += &format!("Envy E ({} other players)  {}  (exact {}; {} per other player)\n", m.envy_others, pct(&m.envy, 4), fraction(&m.envy), pct(&m.envy_per_other(), 4));
    }
    if !m.awards.is_empty() {
        o += &format!("payback per meter dollar   {}  (exact {})\n", pct(&m.per_meter_dollar, 6), fraction(&m.per_meter_dollar));
        o += "\nmeter awards:\n";
        for a in &m.awards {
            let one_in = a.one_in.as_ref().map_or("never".into(), |n| format!("1 in {}", Decimal(n).with_places(1)));
            o += &format!("  {:<34} {:>16}  probability {} ({})  {one_in}\n", a.outcome, Pay::PercentOfMeter(a.share.clone()).to_string(), Decimal(&a.probability).with_places(12), fraction(&a.probability));
        }
        if let Some(f) = m.reset_funding() {
            o += &format!("reset funding P(top)·reset/W {}  (exact {})\n", pct(&f, 4), fraction(&f));
        }
        match m.long_run() {
            Some(l) => o += &format!("long-run payback           {}  (exact {})\n", pct(&l, 4), fraction(&l)),
            None => {
                o += &format!("long-run payback           {} + rate of progression (no rate printed; give one with --rate)\n", pct(&m.long_run_without_rate(), 4))
            }
        }
        match m.break_even_meter() {
            Some(b) if b.is_positive() => o += &format!("break-even meter           {}  (exact {})\n", money(&b), fraction(&b)),
            Some(_) => o += "break-even meter           none: the payback is 100% or more at any meter\n",
            None => {}
        }
        if let Some(mv) = meter {
            let p = m.payback_at(mv);
            o += &format!("payback at a {} meter   {}  (exact {})\n", money(mv), pct(&p, 4), fraction(&p));
        }
    } else {
        let l = m.long_run().expect("no meter: the long run is fixed");
        o += &format!("payback                    {}  (exact {})\n", pct(&l, 4), fraction(&l));
        if meter.is_some() {
            o += "(no line pays from a meter, so --meter changes nothing)\n";
        }
    }
    o
}
