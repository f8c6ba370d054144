//! Every published figure beside the computed one (`parsheet verify`, the report's checks).
//!
//! A figure is reproduced when the exact computed value, rounded to the places the regulator
//! printed, equals the printed value. Where a wager has named rule readings, each is computed,
//! so the rows show which reading the published figure supports. Each row takes its computed
//! value from the same record `analyze` prints ([`crate::wager`], [`crate::main_game`],
//! [`crate::progressive`]), on the published figure's basis, and says which basis and under
//! which assumptions.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::Signed;
use parsheet_games::strategy::strategy_of_wager;
use parsheet_paytable::{fraction, Decimal, OutcomeCounts};
use parsheet_tables::{FigureKind, GameTables, PaytableEntry, Percent, Published, WagerTables};
use schemars::JsonSchema;
use serde::Serialize;

use crate::figure::{matches, status_of, units_off, ImpliedTerm, Status};
use crate::main_game::HouseWayChoice;
use crate::progressive::{self, pct, Assume, MAX_OTHER_PLAYERS};
use crate::vocab::{Assumption, Basis, Exact, Figure, Figures};

/// One published figure checked under one reading (and paytable).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Check {
    pub game: String,
    pub wager: String,
    /// Which published figure of the wager (its place in the tables file's `published` list):
    /// the checks of one figure share it.
    pub figure: usize,
    /// The paytable checked; `all` for a figure over every paytable.
    pub paytable: String,
    pub reading: Option<String>,
    /// What the figure is: `payback`, `hold`, `house-edge`, `return`.
    pub kind: String,
    /// The figure as printed ("98.95%", "5.3% to 11.1%").
    pub published: String,
    /// Decimal places printed.
    pub places: usize,
    /// The basis the figure is compared on.
    pub basis: Basis,
    /// The computed figure of the published kind on that basis, where there is one.
    pub computed: Option<Exact>,
    /// Computed minus printed, where both are single values.
    pub deviation: Option<Exact>,
    /// The check of parsheet's default reading (under its default terms, figure as printed):
    /// the one row per paytable a lab certifies; the other checks are its evidence.
    pub default_reading: bool,
    pub status: Status,
    /// Why the status, where the deviation alone does not say: what explains the figure (a
    /// misprint, a reading, a term and its value), or why nothing can.
    pub reason: Option<String>,
    /// The value of an unprinted term the figure implies, with its legal range.
    pub implied: Option<ImpliedTerm>,
    pub detail: String,
    /// The misprints corrected for this check, in words; null for the figure as printed.
    pub misprint_corrected: Option<String>,
    pub assumptions: Vec<Assumption>,
    /// The figures of the record checked (the same as `analyze` prints for it).
    #[serde(flatten)]
    pub figures: Figures,
}

/// Outcome counts already computed, by (game, wager, reading).
pub type Counted = HashMap<(String, String, Option<String>), OutcomeCounts>;

/// The counts of a wager under a reading, computed once.
pub fn counts_of<'a>(counted: &'a mut Counted, wager: &parsheet_games::Wager, variant: Option<&str>) -> Result<&'a OutcomeCounts, String> {
    let key = (wager.game.to_string(), wager.id.to_string(), variant.map(str::to_string));
    if !counted.contains_key(&key) {
        let c = wager.count(variant)?;
        counted.insert(key.clone(), c);
    }
    Ok(&counted[&key])
}

/// What a check of a published figure needs beyond the figure: the house way of Face Up Pai
/// Gow's main game.
pub struct Context<'a> {
    pub house_way: &'a HouseWayChoice,
}

/// The value of `kind` in a record's figures on `basis`: a hold or house edge is the house
/// edge, anything else the payback.
fn value_of(kind: FigureKind, figures: &Figures, basis: Basis) -> Option<BigRational> {
    let f = figures.get(basis)?;
    let v = if kind.is_house_share() { &f.house_edge } else { &f.payback };
    v.as_ref().map(|x| x.value().clone())
}

fn printed(f: &Published) -> String {
    match (&f.value, &f.range) {
        (Some(v), _) => v.text.clone(),
        (_, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
        _ => unreachable!("a figure has a value or a range"),
    }
}

fn places(f: &Published) -> usize {
    f.value.as_ref().map_or_else(|| f.range.as_ref().expect("a value or a range").0.places, |v| v.places)
}

/// A figure that does not exist, with why.
fn no_figures(basis: Basis, why: &str) -> Figures {
    let mut f = Figures::new(vec![Figure { basis, house_edge: None, payback: None }], basis);
    f.house_edge_note = Some(why.to_string());
    f.payback_note = Some(why.to_string());
    f
}

/// Checks every published figure of the given tables; `tick` after each figure.
pub fn checks(games: &[GameTables], cx: &Context, tick: &dyn Fn()) -> Vec<Check> {
    let mut counted = Counted::new();
    let mut out = Vec::new();
    for g in games {
        for w in &g.wagers {
            for f in &w.published {
                out.extend(figure_checks(g, w, f, &mut counted, cx));
                tick();
            }
        }
    }
    out
}

/// Checks one published figure under every reading of its wager, as printed, and then again
/// with the misprints the data corrects (the figure itself, or cells of its paytables), each
/// such check labelled with the correction.
///
/// The checks of each paytable are then settled ([`settle`]): the one of parsheet's default
/// reading is marked, and its status says what, among the others, explains the figure.
pub fn figure_checks(g: &GameTables, w: &WagerTables, f: &Published, counted: &mut Counted, cx: &Context) -> Vec<Check> {
    let mut out = check_figure(g, w, f, counted, cx);
    for c in &mut out {
        c.default_reading = c.reading == default_reading(g, w, &c.paytable);
    }
    if let Some((w, f, what)) = corrected(w, f) {
        out.extend(check_figure(g, &w, &f, counted, cx).into_iter().map(|mut c| {
            c.detail = format!("misprint corrected: {what}; {}", c.detail);
            c.misprint_corrected = Some(what.clone());
            c
        }));
    }
    settle(&mut out);
    out
}

/// parsheet's reading of a figure of `paytable` (`all` for a figure over every paytable): the
/// one every command uses, from the table's printed reading or the tables' `defaults`.
pub fn default_reading(g: &GameTables, w: &WagerTables, paytable: &str) -> Option<String> {
    if let Some(sg) = strategy_of_wager(&g.game, &w.id) {
        return crate::main_game::reading_of(sg, std::slice::from_ref(g), None).ok().map(|(r, _)| r.to_string());
    }
    let known = parsheet_games::find(&g.game, &w.id).ok()?;
    if known.variants.is_empty() {
        return None;
    }
    match w.paytables.iter().find(|p| p.table.id == paytable) {
        Some(p) => crate::inputs::reading_of(w, p, known, None).0,
        None => Some(w.default_of("reading").map_or_else(|| known.variants[0].id.to_string(), |d| d.value.clone())),
    }
}

/// A figure's value in words: "98.976% (deviation -0.014 points)".
fn value_words(c: &Check) -> String {
    match (&c.computed, &c.deviation) {
        (Some(v), Some(d)) => format!("{}% (deviation {} points)", Decimal(v.value()).percent(c.places + 3), Decimal(&(d.value() * BigRational::from_integer(100.into()))).with_places(c.places + 3)),
        (Some(v), None) => format!("{}%", Decimal(v.value()).percent(c.places + 3)),
        _ => String::new(),
    }
}

/// Settles the checks of one published figure, paytable by paytable: the first check of the
/// default reading, as printed, is the figure to certify (`default_reading`; any later check of
/// that reading, under other terms, is evidence). Where its own value does not reach the
/// figure, the evidence decides: a recorded misprint, other terms (Envy from other players) or
/// another named reading that reaches it makes it `explained`, saying which; an implied term
/// inside its legal range already is; otherwise it stays `cannot-reproduce` or `unexplained`,
/// with the nearest other check named.
pub fn settle(checks: &mut [Check]) {
    let mut tables: Vec<String> = Vec::new();
    for c in checks.iter() {
        if !tables.contains(&c.paytable) {
            tables.push(c.paytable.clone());
        }
    }
    for table in tables {
        let group: Vec<usize> = (0..checks.len()).filter(|&i| checks[i].paytable == table).collect();
        let Some(&d) = group.iter().find(|&&i| checks[i].default_reading && checks[i].misprint_corrected.is_none()) else {
            for &i in &group {
                checks[i].default_reading = false;
            }
            continue;
        };
        for &i in &group {
            checks[i].default_reading = i == d;
        }
        let own = checks[d].status;
        if own == Status::Rounding {
            checks[d].reason = Some(format!("within rounding: {} units of the last printed place", rounding_units(&checks[d])));
        }
        // Reproduced, within rounding, or an implied term in its legal range: its own value says.
        if own.reaches() || own == Status::NotComputed || own == Status::Explained {
            continue;
        }
        let reading = checks[d].reading.clone();
        // The evidence, the likeliest first: a misprint under this reading, other terms under
        // this reading, another reading as printed, another reading with a misprint.
        let rank = |c: &Check| -> Option<u8> {
            let reaches = c.status.reaches() || (c.status == Status::Explained && c.implied.is_some());
            if !reaches {
                return None;
            }
            Some(match (c.reading == reading, c.misprint_corrected.is_some()) {
                (true, true) => 0,
                (true, false) => 1,
                (false, false) => 2,
                (false, true) => 3,
            })
        };
        let best = group.iter().filter(|&&i| i != d).filter_map(|&i| rank(&checks[i]).map(|r| (r, i))).min();
        if let Some((_, i)) = best {
            let e = &checks[i];
            let under = match (&e.reading, e.reading == reading) {
                (Some(r), false) => format!("reading {r}"),
                _ => "the same reading".to_string(),
            };
            let why = match (&e.misprint_corrected, &e.implied) {
                (Some(m), _) => format!("the recorded misprint ({m}), under {under}, gives {}: {}", value_words(e), e.status.name()),
                (None, Some(_)) => format!("under {under}: {}", e.reason.clone().unwrap_or_default()),
                (None, None) => {
                    // The terms the check was given (Envy from other players, say), not the defaults.
                    let terms: Vec<String> = e.assumptions.iter().filter(|a| a.name != "reading" && a.source == crate::vocab::Source::Given).map(|a| format!("{} {}", a.name, a.value)).collect();
                    let terms = if terms.is_empty() { String::new() } else { format!(" with {}", terms.join(", ")) };
                    format!("{under}{terms} gives {}: {}", value_words(e), e.status.name())
                }
            };
            checks[d].status = Status::Explained;
            checks[d].reason = Some(why);
            continue;
        }
        if own == Status::Unexplained {
            let nearest = group
                .iter()
                .filter(|&&i| i != d)
                .filter_map(|&i| checks[i].deviation.as_ref().map(|x| (num_traits::Signed::abs(x.value()), i)))
                .min_by(|a, b| a.0.cmp(&b.0))
                .filter(|(gap, _)| checks[d].deviation.as_ref().is_some_and(|x| *gap < num_traits::Signed::abs(x.value())));
            let mut why = String::from("no recorded misprint, named reading or legal term value reproduces it");
            if let Some((_, i)) = nearest {
                let e = &checks[i];
                let what = match (&e.reading, &e.misprint_corrected) {
                    (_, Some(m)) => format!("with the recorded misprint ({m})"),
                    (Some(r), None) if e.reading != reading => format!("reading {r}"),
                    _ => format!("with {}", e.assumptions.iter().filter(|a| a.name != "reading").map(crate::vocab::Assumption::words).collect::<Vec<_>>().join(", ")),
                };
                why += &format!("; nearest: {what}, {}", value_words(e));
            }
            checks[d].reason = Some(why);
        }
    }
}

/// The units of the last printed place between a check's value and its figure.
fn rounding_units(c: &Check) -> String {
    let Some(d) = &c.deviation else { return "-".into() };
    let unit = BigRational::new(1.into(), num_bigint::BigInt::from(10u32).pow(c.places as u32 + 2));
    Decimal(&(num_traits::Signed::abs(d.value()) / unit)).with_places(2)
}

/// The wager and figure with the data's misprint corrections applied, and the corrections in
/// words; `None` where nothing the figure depends on is corrected.
fn corrected(w: &WagerTables, f: &Published) -> Option<(WagerTables, Published, String)> {
    let mut words = Vec::new();
    let mut w = w.clone();
    for p in w.paytables.iter_mut().filter(|p| f.paytable.as_ref().is_none_or(|t| *t == p.table.id)) {
        let Some(table) = p.corrected() else { continue };
        for c in &p.corrections {
            let printed = p.table.pay(&c.outcome).expect("a corrected line exists");
            words.push(format!("paytable {} {} printed {printed}, read as {} ({})", p.table.id, c.outcome, c.pay, c.note));
        }
        p.table = table;
    }
    let mut f = f.clone();
    if let (Some((value, note)), Some(printed)) = (&f.corrected, &f.value) {
        words.push(format!("figure printed {}, read as {} ({note})", printed.text, value.text));
        f.value = Some(value.clone());
    }
    (!words.is_empty()).then(|| (w, f, words.join("; ")))
}

/// The row of a check.
struct Row<'a> {
    game: &'a str,
    w: &'a WagerTables,
    f: &'a Published,
    note: String,
}

impl Row<'_> {
    #[allow(clippy::too_many_arguments)]
    fn check(&self, paytable: &str, reading: Option<&str>, basis: Basis, computed: Option<BigRational>, status: Status, detail: String, assumptions: Vec<Assumption>, figures: Figures) -> Check {
        let deviation = match (&computed, &self.f.value) {
            (Some(c), Some(v)) => Some(Exact(c - &v.value)),
            _ => None,
        };
        Check {
            game: self.game.to_string(),
            wager: self.w.id.clone(),
            figure: self.w.published.iter().position(|x| x.section == self.f.section && x.quote == self.f.quote && x.paytable == self.f.paytable && x.kind == self.f.kind).unwrap_or(0),
            paytable: paytable.to_string(),
            reading: reading.map(str::to_string),
            kind: self.f.kind.name().to_string(),
            published: printed(self.f),
            places: places(self.f),
            basis,
            computed: computed.map(Exact),
            deviation,
            default_reading: false,
            status,
            reason: None,
            implied: None,
            detail: detail + &self.note,
            misprint_corrected: None,
            assumptions,
            figures,
        }
    }
}

/// Points between a computed and a printed value, for the detail.
fn points(c: &BigRational, v: &Percent) -> String {
    Decimal(&((c - &v.value) * BigRational::from_integer(100.into()))).with_places(v.places + 2)
}

/// Checks one published figure, as printed, under every reading of its wager `w` of game `g`
/// (`w` may be a corrected copy of one of `g`'s).
pub fn check_figure(g: &GameTables, w: &WagerTables, f: &Published, counted: &mut Counted, cx: &Context) -> Vec<Check> {
    let game = g.game.as_str();
    let row = Row { game, w, f, note: f.note.as_ref().map(|n| format!("; table note: {n}")).unwrap_or_default() };
    let all = f.paytable.clone().unwrap_or_else(|| "all".into());
    if let (Some(solved), Some(v)) = (strategy_of_wager(game, &w.id), &f.value) {
        // A main game: paybacks per total amount wagered (the basis the regulator uses for
        // games whose wager grows), holds per initial wager.
        let basis = if f.kind.is_house_share() { Basis::PerInitialWager } else { Basis::PerTotalWagered };
        // The game's tables with this wager as checked (a misprint corrected, say).
        let mut tables = g.clone();
        tables.wagers.retain(|x| x.id != w.id);
        tables.wagers.push(w.clone());
        let games = std::slice::from_ref(&tables);
        return solved
            .variants
            .iter()
            .map(|variant| match crate::main_game::solve(games, solved, Some(variant.id), f.paytable.as_deref(), None, Some(cx.house_way)) {
                Err(e) => row.check(&all, Some(variant.id), basis, None, Status::NotComputed, e, vec![], no_figures(basis, "not computed")),
                Ok(x) => {
                    let a = crate::main_game::analysis(&x);
                    let c = value_of(f.kind, &a.figures, basis).expect("main games have every basis");
                    let how = match &a.house_way {
                        Some(way) => format!("player policy {}, dealer's house way {}", variant.id, parsheet_tables::printable(way)),
                        None => "optimal strategy".to_string(),
                    };
                    let detail = format!("{how}, {}; deviation {} points", basis.words(), points(&c, v));
                    row.check(&all, Some(variant.id), basis, Some(c.clone()), status_of(&c, v), detail, a.assumptions.clone(), a.figures.clone())
                }
            })
            .collect();
    }
    let Ok(wager) = parsheet_games::find(game, &w.id) else {
        return vec![row.check(&all, None, Basis::PerUnit, None, Status::NotComputed, "parsheet does not compute this wager yet".into(), vec![], no_figures(Basis::PerUnit, "not computed"))];
    };
    let variants: Vec<Option<&str>> = if wager.variants.is_empty() { vec![None] } else { wager.variants.iter().map(|v| Some(v.id)).collect() };
    let mut out = Vec::new();
    for variant in variants {
        let counts = match counts_of(counted, wager, variant) {
            Ok(c) => c.clone(),
            Err(e) => {
                out.push(row.check(&all, variant, Basis::PerUnit, None, Status::NotComputed, e, vec![], no_figures(Basis::PerUnit, "not computed")));
                continue;
            }
        };
        let reading_said = |p: &PaytableEntry| crate::inputs::reading_of(w, p, wager, variant).1;
        // The figure speaks of the tables of its own file, not of candidates added beside them.
        let own_file = w.paytables.first().map(|p| p.file.as_str());
        let analyses: Vec<(&PaytableEntry, Result<crate::wager::WagerAnalysis, String>)> = w
            .paytables
            .iter()
            .filter(|p| Some(p.file.as_str()) == own_file)
            .map(|p| (p, crate::wager::of_counts(w, p, variant.map(str::to_string), reading_said(p), &counts, &Assume::default(), game)))
            .collect();
        match (&f.value, &f.range) {
            (Some(v), _) => {
                for (p, a) in analyses.iter().filter(|(p, _)| f.paytable.as_ref().is_none_or(|t| *t == p.table.id)) {
                    let id = &p.table.id;
                    match a {
                        Err(e) => out.push(row.check(id, variant, Basis::PerUnit, None, Status::NotComputed, e.clone(), vec![], no_figures(Basis::PerUnit, "not computed"))),
                        Ok(a) if a.progressive.is_some() => out.extend(model_checks(&row, p, variant, v, &counts, a)),
                        Ok(a) => {
                            let c = value_of(f.kind, &a.figures, Basis::PerUnit).expect("fixed pays have a figure");
                            let attribution = if f.paytable.is_none() && analyses.len() > 1 { "; the source does not say which paytable" } else { "" };
                            let detail = format!("deviation {} points{attribution}", points(&c, v));
                            out.push(row.check(id, variant, Basis::PerUnit, Some(c.clone()), status_of(&c, v), detail, a.assumptions.clone(), a.figures.clone()));
                        }
                    }
                }
            }
            (None, Some((lo, hi))) => {
                let values: Vec<(String, BigRational)> = analyses.iter().filter_map(|(p, a)| a.as_ref().ok().and_then(|a| value_of(f.kind, &a.figures, Basis::PerUnit)).map(|v| (p.table.id.clone(), v))).collect();
                if values.len() != analyses.len() || values.is_empty() {
                    out.push(row.check("all", variant, Basis::PerUnit, None, Status::NotComputed, "some paytables need a model or none is approved".into(), vec![], no_figures(Basis::PerUnit, "not computed")));
                    continue;
                }
                let min = values.iter().min_by(|a, b| a.1.cmp(&b.1)).expect("some values");
                let max = values.iter().max_by(|a, b| a.1.cmp(&b.1)).expect("some values");
                let ends = [status_of(&min.1, lo), status_of(&max.1, hi)];
                let status = if ends.iter().all(|s| *s == Status::Reproduced) {
                    Status::Reproduced
                } else if ends.iter().all(|s| s.reaches()) {
                    Status::Rounding
                } else {
                    Status::Unexplained
                };
                // The deviation of the end further off, in units of the printed place.
                let (lo_off, hi_off) = (&min.1 - &lo.value, &max.1 - &hi.value);
                let deviation = if units_off(&min.1, lo) >= units_off(&max.1, hi) { lo_off } else { hi_off };
                let each: Vec<String> = values.iter().map(|(id, v)| format!("{id} {}%", Decimal(v).percent(lo.places + 2))).collect();
                let detail = format!("computed range {}% ({}) to {}% ({}); each: {}", Decimal(&min.1).percent(lo.places), min.0, Decimal(&max.1).percent(lo.places), max.0, each.join(", "));
                let reading = analyses.first().and_then(|(_, a)| a.as_ref().ok()).map(|a| a.assumptions.clone()).unwrap_or_default();
                let mut c = row.check("all", variant, Basis::PerUnit, None, status, detail, reading, no_figures(Basis::PerUnit, "a range over paytables: each paytable's figures are on its own sheet"));
                c.deviation = Some(Exact(deviation));
                out.push(c);
            }
            _ => unreachable!("a figure has a value or a range"),
        }
    }
    out
}

/// The published figure as a payback (hold and house edge are 1 − payback).
fn as_payback(kind: FigureKind, v: &BigRational) -> BigRational {
    if kind.is_house_share() {
        BigRational::from_integer(1.into()) - v
    } else {
        v.clone()
    }
}

/// Checks a published figure of a paytable that needs the progressive model: the long run
/// under the default assumptions (the record `analyze` prints), the rate a figure implies where
/// none is printed, and for an Envy table the number of other players that would reproduce it.
fn model_checks(row: &Row, p: &PaytableEntry, variant: Option<&str>, v: &Percent, counts: &OutcomeCounts, a: &crate::wager::WagerAnalysis) -> Vec<Check> {
    let id = &p.table.id;
    let f = row.f;
    let target = as_payback(f.kind, &v.value);
    let m = a.progressive.as_ref().expect("a model wager");
    let said = || a.assumptions.iter().map(Assumption::words).collect::<Vec<_>>().join(", ");
    let base = match progressive::model_of(counts, row.w, p, &Assume::default()) {
        Ok((m, _)) => m,
        Err(e) => return vec![row.check(id, variant, Basis::PerUnit, None, Status::NotComputed, e, a.assumptions.clone(), a.figures.clone())],
    };
    let meter = progressive::has_meter(p);
    if meter && base.long_run().is_none() {
        let rate = base.implied_rate(&target);
        let envy_note = if p.envy.is_empty() { "" } else { "; the Envy column is left out (no other players)" };
        let sense = if rate.is_negative() { " (negative: the fixed pays and the reset alone exceed the figure)" } else { "" };
        let detail = format!(
            "long run, {}: the chapter prints no rate of progression; the published {} implies a rate of {} (exact {}){sense}; without a rate the long-run payback is {}{envy_note}",
            said(),
            v.text,
            pct(&rate, v.places + 3),
            fraction(&rate),
            pct(m.long_run_payback_without_rate.value(), v.places + 3)
        );
        let implied = ImpliedTerm { term: "rate".into(), value: Exact(rate.clone()), low: Exact(BigRational::from_integer(0.into())), high: Exact(BigRational::from_integer(1.into())) };
        let (status, reason) = if implied.in_range() {
            (Status::Explained, format!("the chapter prints no rate of progression; the figure implies a rate of {} (exact {}), within the legal 0% to 100%", pct(&rate, v.places + 3), fraction(&rate)))
        } else {
            (Status::CannotReproduce, format!("the figure implies a rate of progression of {}, outside 0% to 100%: no rate reaches it under this reading", pct(&rate, v.places + 3)))
        };
        let mut c = row.check(id, variant, Basis::PerUnit, None, status, detail, a.assumptions.clone(), a.figures.clone());
        c.reason = Some(reason);
        c.implied = Some(implied);
        return vec![c];
    }
    let Some(c) = value_of(f.kind, &a.figures, Basis::PerUnit) else {
        return vec![row.check(id, variant, Basis::PerUnit, None, Status::NotComputed, format!("no long run: {}", said()), a.assumptions.clone(), a.figures.clone())];
    };
    let mut out = Vec::new();
    let ok = matches(&c, v);
    let status = status_of(&c, v);
    let label = match (meter, p.envy.is_empty()) {
        (true, true) => "long run",
        (true, false) => "long run without Envy",
        (false, true) => "fixed pays",
        (false, false) => "fixed pays without Envy",
    };
    out.push(row.check(id, variant, Basis::PerUnit, Some(c.clone()), status, format!("{label}, {}; deviation {} points", said(), points(&c, v)), a.assumptions.clone(), a.figures.clone()));
    if !p.envy.is_empty() && !ok {
        // Other players 1..=MAX_OTHER_PLAYERS at the least Qualifying Wager ($5, § 688a.1) or
        // the printed wager, which gives the most Envy per dollar.
        let wager = progressive::term(p, "wager").map(|_| None).unwrap_or_else(|| Some(BigRational::from_integer(5.into())));
        let with = |n: u32| Assume { others: Some(n), wager: wager.clone(), ..Assume::default() };
        let mut found = Vec::new();
        let mut nearest: Option<(u32, BigRational, Vec<Assumption>, BigRational, Figures)> = None;
        for n in 1..=MAX_OTHER_PLAYERS {
            let Ok(x) = crate::wager::of_counts(row.w, p, variant.map(str::to_string), crate::inputs::reading_of(row.w, p, parsheet_games::find(row.game, &row.w.id).expect("a model wager is known"), variant).1, counts, &with(n), row.game) else { continue };
            let Some(c) = value_of(f.kind, &x.figures, Basis::PerUnit) else { continue };
            let gap = (&c - &v.value).abs();
            if matches(&c, v) {
                found.push((c.clone(), x.assumptions.clone(), x.figures.clone()));
            }
            if nearest.as_ref().is_none_or(|x| gap < x.3) {
                nearest = Some((n, c, x.assumptions.clone(), gap, x.figures.clone()));
            }
        }
        let per_other = progressive::model_of(counts, row.w, p, &with(1)).ok().map(|(m, _)| m.envy_per_other());
        let others = progressive::model_of(counts, row.w, p, &with(1)).ok().and_then(|(m, _)| m.implied_others(&target));
        let implied = others.as_ref().map(|n| format!("; the figure implies {} other players (exact {})", Decimal(n).with_places(3), fraction(n))).unwrap_or_default();
        let per = per_other.map(|e| format!(", Envy {} per other player", pct(&e, v.places + 3))).unwrap_or_default();
        let words = |said: &[Assumption]| said.iter().map(Assumption::words).collect::<Vec<_>>().join(", ");
        if found.is_empty() {
            let (n, c, said, _, figures) = nearest.expect("some player count");
            let detail = format!("with Envy: no number of other players from 1 to {MAX_OTHER_PLAYERS} reproduces it; nearest {n}: {}{per}; deviation {} points{implied}", words(&said), points(&c, v));
            let status = status_of(&c, v);
            let mut check = row.check(id, variant, Basis::PerUnit, Some(c), status, detail, said, figures);
            // Envy is linear in the number of other players, so a fractional number is the
            // average of a table whose players come and go.
            if let (Some(n), false) = (others, status.reaches()) {
                let term = ImpliedTerm { term: "other-players".into(), value: Exact(n.clone()), low: Exact(BigRational::from_integer(0.into())), high: Exact(BigRational::from_integer(MAX_OTHER_PLAYERS.into())) };
                let at = format!("{} other players (exact {})", Decimal(&n).with_places(3), fraction(&n));
                let (status, reason) = if term.in_range() {
                    (Status::Explained, format!("with Envy, the figure implies {at} on average: within 0 to {MAX_OTHER_PLAYERS} (a table seats six)"))
                } else {
                    (Status::CannotReproduce, format!("with Envy, the figure implies {at}: outside 0 to {MAX_OTHER_PLAYERS}, so no table reaches it under this reading"))
                };
                check.status = status;
                check.reason = Some(reason);
                check.implied = Some(term);
            }
            out.push(check);
        } else {
            for (c, said, figures) in found {
                let detail = format!("with Envy: {}{per}; deviation {} points{implied}", words(&said), points(&c, v));
                let status = status_of(&c, v);
                out.push(row.check(id, variant, Basis::PerUnit, Some(c), status, detail, said, figures));
            }
        }
    }
    out
}
