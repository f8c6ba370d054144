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

use crate::figure::{matches, rounding_of, status_of, units_off, weaker, ImpliedTerm, Status};
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
    /// The corrections of the print this check is computed with, in words; null for the
    /// figure as printed.
    pub misprint_corrected: Option<String>,
    /// The tables file's candidate (`published[].candidates[].id`) behind those corrections.
    pub candidate: Option<String>,
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
    // Every published figure is checked under every reading of its game.
    parsheet_games::strategy::heads_up::expect_every_reading();
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
    for candidate in &f.candidates {
        let (cw, cf) = candidate.apply(w, f);
        let what = candidate.words(w, f);
        let under = |c: &Check| c.reading == candidate.reading.clone().or_else(|| default_reading(g, w, &c.paytable));
        out.extend(check_figure(g, &cw, &cf, counted, cx).into_iter().filter(under).map(|mut c| {
            c.detail = format!("candidate {}: {what}; {}", candidate.id, c.detail);
            c.misprint_corrected = Some(what.clone());
            c.candidate = Some(candidate.id.clone());
            // A term the candidate reads otherwise is not the printed one: say whose it is.
            for a in c.assumptions.iter_mut().filter(|a| candidate.terms.iter().any(|(name, _)| *name == a.name)) {
                let printed = a.words();
                a.source = crate::vocab::Source::Given;
                a.basis = Some(format!("candidate {} (the table prints otherwise)", candidate.id));
                c.detail = c.detail.replace(&printed, &a.words());
            }
            let own = c.reason.take().map(|r| format!("; {r}")).unwrap_or_default();
            c.reason = Some(format!("evidence: {}{own}", candidate.note.trim_end_matches('.')));
            c
        }));
    }
    settle(&mut out);
    out
}

/// The words of a named reading of a wager (its description in the registry).
fn reading_words(game: &str, wager: &str, reading: &str) -> Option<&'static str> {
    let variants = match strategy_of_wager(game, wager) {
        Some(sg) => sg.variants,
        None => parsheet_games::find(game, wager).ok()?.variants,
    };
    variants.iter().find(|v| v.id == reading).map(|v| v.description)
}

/// parsheet's reading of a figure of `paytable` (`all` for a figure over every paytable): the
/// one every command uses, from the table's printed reading or the tables' `defaults`.
pub fn default_reading(g: &GameTables, w: &WagerTables, paytable: &str) -> Option<String> {
    if let Some(sg) = strategy_of_wager(&g.game, &w.id) {
        return crate::inputs::main_game_reading(sg, std::slice::from_ref(g), None).ok().map(|(r, _)| r.to_string());
    }
    let known = parsheet_games::find(&g.game, &w.id).ok()?;
    if known.variants.is_empty() {
        return None;
    }
    match w.paytables.iter().find(|p| p.table.id == paytable) {
        Some(p) => crate::inputs::reading_of(w, p, known, None).0,
        None => Some(crate::inputs::default_reading(std::slice::from_ref(g), &g.game, &w.id)?.value),
    }
}

/// A figure's value in words: "98.976% (deviation -0.014 points)".
fn value_words(c: &Check) -> String {
    match (&c.computed, &c.deviation) {
        (Some(v), Some(d)) => format!("{}% (deviation {} points)", Decimal(v.value()).percent(c.places + 3), Decimal(&(d.value() * BigRational::from_integer(100.into()))).with_places(c.places + 3)),
        (Some(v), None) => format!("{}%", Decimal(v.value()).percent(c.places + 3)),
        // A range: the end further off.
        (None, Some(d)) => format!("(the end further off by {} points)", Decimal(&(d.value() * BigRational::from_integer(100.into()))).with_places(c.places + 3)),
        _ => String::new(),
    }
}

/// Settles the checks of one published figure, paytable by paytable: the first check of the
/// default reading, as printed, under its default terms, is the figure to certify
/// (`default_reading`); every other check is evidence. Its status is its own arithmetic's
/// (reproduced, rounding, or implied for a term solved from the figure) where that reaches the
/// figure; otherwise the strongest evidence that reaches it decides, in the order of
/// precedence: another reading as printed (`reading`), a candidate correction of the print
/// (`misprint`), an unprinted term at a legal value (`implied`). A check that combines several
/// takes the weakest of them. Otherwise `unexplained`, with the nearest checks and every term
/// solved outside its legal range named.
pub fn settle(checks: &mut [Check]) {
    let mut tables: Vec<String> = Vec::new();
    for c in checks.iter() {
        if !tables.contains(&c.paytable) {
            tables.push(c.paytable.clone());
        }
    }
    for table in tables {
        let group: Vec<usize> = (0..checks.len()).filter(|&i| checks[i].paytable == table).collect();
        let Some(&d) = group.iter().find(|&&i| checks[i].default_reading && checks[i].candidate.is_none()) else {
            for &i in &group {
                checks[i].default_reading = false;
            }
            continue;
        };
        for &i in &group {
            checks[i].default_reading = i == d;
        }
        let own = checks[d].status;
        if own.reaches() || own == Status::NotComputed || own == Status::Implied {
            continue;
        }
        let reading = checks[d].reading.clone();
        let best = group.iter().filter(|&&i| i != d).filter_map(|&i| evidence_of(&checks[i], &reading).map(|s| (s, i))).min();
        if let Some((status, i)) = best {
            let e = &checks[i];
            let under = match &e.reading {
                Some(r) if e.reading != reading => {
                    let words = reading_words(&e.game, &e.wager, r).map(|w| format!(" (\"{w}\")")).unwrap_or_default();
                    format!(" under the reading {r}{words}")
                }
                _ => String::new(),
            };
            let value = value_words(e);
            let own = e.reason.as_deref().map(|r| format!("; {r}")).unwrap_or_default();
            let why = match status {
                Status::Reading => format!("reproduced{under}, as printed: {value}, {}{own}", e.status.name()),
                Status::Misprint => format!("reproduced only with candidate {}: {}{under}: {value}, {}{own}", e.candidate.as_deref().unwrap_or("?"), e.misprint_corrected.as_deref().unwrap_or(""), e.status.name()),
                _ => {
                    let term = e.implied.as_ref().map(|t| format!("{} = {} (exact {}; legal {} to {})", t.term, term_value(t), t.value.0, term_value_of(t, &t.low), term_value_of(t, &t.high))).unwrap_or_default();
                    let candidate = e.candidate.as_ref().map(|c| format!(" and candidate {c} ({})", e.misprint_corrected.as_deref().unwrap_or(""))).unwrap_or_default();
                    format!("reproduced only with the unprinted term {term}{candidate}{under}: {value}{own}")
                }
            };
            checks[d].status = status;
            checks[d].reason = Some(why);
            continue;
        }
        // Unexplained: the nearest checks, and every term solved outside its legal range.
        let mut near: Vec<(BigRational, usize)> = group.iter().filter(|&&i| i != d).filter_map(|&i| checks[i].deviation.as_ref().map(|x| (x.value().abs(), i))).collect();
        near.sort_by(|a, b| a.0.cmp(&b.0));
        let mut why = String::from("no other reading, candidate correction or legal value of an unprinted term reproduces it");
        let named: Vec<String> = near.iter().take(3).map(|&(_, i)| format!("{} {}", evidence_name(&checks[i], &reading), value_words(&checks[i]))).collect();
        if !named.is_empty() {
            why += &format!("; nearest: {}", named.join("; "));
        }
        let illegal: Vec<String> = group.iter().filter_map(|&i| checks[i].implied.as_ref().and_then(ImpliedTerm::why_not).map(|w| format!("{}{w}", reading_prefix(&checks[i], &reading)))).collect();
        if !illegal.is_empty() {
            why += &format!("; solved from the figure: {}", illegal.join("; "));
        }
        checks[d].status = Status::Unexplained;
        checks[d].reason = Some(why);
    }
}

/// The status a check lends the figure to certify of `reading`, if it reaches the figure: the
/// weakest of what it changes (another reading, a candidate correction, an unprinted term).
fn evidence_of(e: &Check, reading: &Option<String>) -> Option<Status> {
    let term = e.implied.as_ref();
    let reaches = match term {
        Some(t) => t.legal() && (e.status == Status::Implied || e.status.reaches()),
        None => e.status.reaches(),
    };
    if !reaches {
        return None;
    }
    if term.is_some() {
        Some(Status::Implied)
    } else if e.candidate.is_some() {
        Some(Status::Misprint)
    } else if e.reading != *reading {
        Some(Status::Reading)
    } else {
        None
    }
}

/// "reading R, with candidate C" or "with 3 other players": what a check changes.
fn evidence_name(e: &Check, reading: &Option<String>) -> String {
    let mut parts = Vec::new();
    if let (Some(r), true) = (&e.reading, e.reading != *reading) {
        parts.push(format!("reading {r}"));
    }
    if let Some(c) = &e.candidate {
        parts.push(format!("candidate {c}"));
    }
    let given: Vec<String> = e.assumptions.iter().filter(|a| a.name != "reading" && a.source == crate::vocab::Source::Given).map(|a| format!("{} {}", a.name, a.value)).collect();
    if !given.is_empty() {
        parts.push(format!("with {}", given.join(", ")));
    }
    if parts.is_empty() {
        "as printed".to_string()
    } else {
        parts.join(", ")
    }
}

fn reading_prefix(e: &Check, reading: &Option<String>) -> String {
    match &e.reading {
        Some(r) if e.reading != *reading => format!("under reading {r}, "),
        _ => String::new(),
    }
}

/// An implied term's value as a reader writes it: a rate as a percentage, players as a number.
fn term_value(t: &ImpliedTerm) -> String {
    term_value_of(t, &t.value)
}

fn term_value_of(t: &ImpliedTerm, v: &Exact) -> String {
    if t.term == "rate" {
        pct(v.value(), 3)
    } else {
        Decimal(v.value()).with_places(if v.value().is_integer() { 0 } else { 3 })
    }
}

/// Why a value is within rounding of a printed one: "truncated (…): 0.98 units of the last
/// printed place".
fn rounding_reason(value: &BigRational, printed: &Percent) -> Option<String> {
    rounding_of(value, printed).map(|how| format!("{}: {} units of the last printed place off", how.words(), Decimal(&units_off(value, printed)).with_places(2)))
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
        let computed_value = computed.clone();
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
            reason: match (&computed_value, &self.f.value) {
                (Some(c), Some(v)) if status == Status::Rounding => rounding_reason(c, v),
                _ => None,
            },
            implied: None,
            detail: detail + &self.note,
            misprint_corrected: None,
            candidate: None,
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
                // Judged end by end; the range takes the weaker end's status.
                let status = weaker(status_of(&min.1, lo), status_of(&max.1, hi));
                let end_words = |name: &str, v: &BigRational, p: &Percent| match status_of(v, p) {
                    Status::Rounding => format!("{name} end {}", rounding_reason(v, p).unwrap_or_default()),
                    s => format!("{name} end {}", s.name()),
                };
                let ends_reason = format!("{}; {}", end_words("low", &min.1, lo), end_words("high", &max.1, hi));
                // The deviation of the end further off, in units of the printed place.
                let (lo_off, hi_off) = (&min.1 - &lo.value, &max.1 - &hi.value);
                let deviation = if units_off(&min.1, lo) >= units_off(&max.1, hi) { lo_off } else { hi_off };
                let each: Vec<String> = values.iter().map(|(id, v)| format!("{id} {}%", Decimal(v).percent(lo.places + 2))).collect();
                let detail = format!("computed range {}% ({}) to {}% ({}); each: {}", Decimal(&min.1).percent(lo.places), min.0, Decimal(&max.1).percent(lo.places), max.0, each.join(", "));
                let reading = analyses.first().and_then(|(_, a)| a.as_ref().ok()).map(|a| a.assumptions.clone()).unwrap_or_default();
                let mut c = row.check("all", variant, Basis::PerUnit, None, status, detail, reading, no_figures(Basis::PerUnit, "a range over paytables: each paytable's figures are on its own sheet"));
                c.deviation = Some(Exact(deviation));
                c.reason = (status != Status::Reproduced).then_some(ends_reason);
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
        let (status, reason) = match implied.why_not() {
            None => (Status::Implied, format!("the chapter prints no rate of progression; the figure implies a rate of {} (exact {}), within the legal 0% to 100%", pct(&rate, v.places + 3), fraction(&rate))),
            Some(why) => (Status::Unexplained, format!("no rate of progression reaches it under this reading: {why}")),
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
                found.push((c.clone(), x.assumptions.clone(), x.figures.clone(), n));
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
                let (status, reason) = match term.why_not() {
                    None => (Status::Implied, format!("with Envy, the figure implies {at}: within 0 to {MAX_OTHER_PLAYERS} (a table seats six)")),
                    Some(why) => (Status::Unexplained, format!("with Envy, the figure implies {at}: {why}")),
                };
                check.status = status;
                check.reason = Some(reason);
                check.implied = Some(term);
            }
            out.push(check);
        } else {
            for (c, said, figures, n) in found {
                let detail = format!("with Envy: {}{per}; deviation {} points{implied}", words(&said), points(&c, v));
                // Reproduced only with an unprinted term: the number of other players.
                let mut check = row.check(id, variant, Basis::PerUnit, Some(c), Status::Implied, detail, said, figures);
                check.implied = Some(ImpliedTerm { term: "other-players".into(), value: Exact(BigRational::from_integer(n.into())), low: Exact(BigRational::from_integer(0.into())), high: Exact(BigRational::from_integer(MAX_OTHER_PLAYERS.into())) });
                check.reason = Some(format!("with Envy from {n} other players (the chapter prints no number of players)"));
                out.push(check);
            }
        }
    }
    out
}
