//! `parsheet verify`: every published figure beside the computed one.
//!
//! A figure is reproduced when the exact computed value, rounded to the places the regulator
//! printed, equals the printed value. Where a wager has named rule readings, each is computed,
//! so the table shows which reading the published figure supports.

use std::collections::HashMap;

use num_rational::BigRational;
use parsheet_paytable::{analyze, fraction, Analysis, Decimal, OutcomeCounts};
use parsheet_games::strategy::{strategy_of_wager, Solution, StrategyGame};
use parsheet_tables::{FigureKind, Published, WagerTables};
use serde_json::json;

use crate::figure::{matches, Status};
use crate::progress::Progress;
use crate::{Format, TablesArg};

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Also solve Face Up Pai Gow's main game against this house way (a name from house-ways/ or
    /// a JSON file): an exact full-deck count, about 3 to 5 minutes on two cores.
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub cache: crate::store::CacheArgs,
}

/// One published figure checked under one reading.
pub struct Check {
    pub game: String,
    pub wager: String,
    pub paytable: String,
    pub variant: Option<String>,
    pub kind: FigureKind,
    pub published: String,
    pub computed: Option<BigRational>,
    pub places: usize,
    pub status: Status,
    pub detail: String,
    /// The misprints corrected for this check, in words; `None` for the figure as printed.
    pub misprint: Option<String>,
}

pub fn figure_of(kind: FigureKind, a: &Analysis) -> BigRational {
    if kind.is_house_share() {
        a.house_edge.clone()
    } else {
        a.payback.clone()
    }
}


/// Checks every published figure of the given tables.
pub fn checks(games: &[parsheet_tables::GameTables], progress: &Progress) -> Vec<Check> {
    let mut counted = Counted::new();
    let mut out = Vec::new();
    let total: usize = games.iter().flat_map(|g| &g.wagers).map(|w| w.published.len()).sum();
    let mut done = 0;
    for g in games {
        for w in &g.wagers {
            for f in &w.published {
                out.extend(figure_checks(&g.game, w, f, &mut counted));
                done += 1;
                progress.set(done as u64);
            }
        }
    }
    let _ = total;
    out
}

/// The checks of every published figure of one wager (counts computed afresh).
pub fn checks_of_wager(g: &parsheet_tables::GameTables, w: &WagerTables) -> Vec<Check> {
    let mut counted = Counted::new();
    w.published.iter().flat_map(|f| figure_checks(&g.game, w, f, &mut counted)).collect()
}

/// Outcome counts already computed, by (game, wager, reading).
pub type Counted = HashMap<(String, String, Option<String>), OutcomeCounts>;

/// Solves a main game under `variant`, playing the paytable `paytable` of its wager `w` where
/// its strategy depends on one (the only one when `None`).
pub fn solve_main(sg: &StrategyGame, variant: &str, w: &WagerTables, paytable: Option<&str>) -> Result<Solution, String> {
    solve_main_with(sg, variant, w, paytable, None)
}

/// [`solve_main`] with the paytable of the game's bonus wager (Heads-Up Hold 'Em's Bad Beat)
/// where the tables hold one.
pub fn solve_main_with(sg: &StrategyGame, variant: &str, w: &WagerTables, paytable: Option<&str>, bonus: Option<&parsheet_paytable::Paytable>) -> Result<Solution, String> {
    if sg.needs_house_way() {
        // Face Up Pai Gow: against the `--house-way` of this run, if one was named.
        use parsheet_games::strategy::face_up_pai_gow as fupg;
        let spec = crate::main_game::HOUSE_WAY.get().ok_or_else(|| crate::main_game::not_computed_yet(sg))?;
        let (way, counts) = crate::main_game::face_up_pai_gow_counts(sg, spec)?;
        return Ok(fupg::solution(&counts, fupg::Deck::FULL, variant, &way));
    }
    if !sg.needs_paytable() {
        return sg.solve(Some(variant), None);
    }
    let entry = match paytable {
        Some(id) => w.paytables.iter().find(|p| p.table.id == id),
        None if w.paytables.len() == 1 => w.paytables.first(),
        None => None,
    };
    let ids: Vec<&str> = w.paytables.iter().map(|p| p.table.id.as_str()).collect();
    let entry = entry.ok_or_else(|| format!("{} {}: name a paytable ({})", sg.game, sg.wager, ids.join(", ")))?;
    sg.solve_with_bonus(Some(variant), Some(&entry.table), bonus)
}

/// The counts of a wager under a reading, computed once.
pub fn counts_of<'a>(counted: &'a mut Counted, wager: &parsheet_games::Wager, variant: Option<&str>) -> &'a OutcomeCounts {
    counted.entry((wager.game.to_string(), wager.id.to_string(), variant.map(str::to_string))).or_insert_with(|| wager.count(variant).expect("known variant"))
}

/// Checks one published figure under every reading of its wager, as printed, and then again
/// with the misprints the data corrects (the figure itself, or cells of its paytables), each
/// such check labelled with the correction.
pub fn figure_checks(game: &str, w: &WagerTables, f: &Published, counted: &mut Counted) -> Vec<Check> {
    let mut out = check_figure(game, w, f, counted);
    if let Some((w, f, what)) = corrected(w, f) {
        out.extend(check_figure(game, &w, &f, counted).into_iter().map(|mut c| {
            c.detail = format!("misprint corrected: {what}; {}", c.detail);
            c.misprint = Some(what.clone());
            c
        }));
    }
    out
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

/// Checks one published figure, as printed, under every reading of its wager.
pub fn check_figure(game: &str, w: &WagerTables, f: &Published, counted: &mut Counted) -> Vec<Check> {
    let printed = match (&f.value, &f.range) {
        (Some(v), _) => v.text.clone(),
        (_, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
        _ => unreachable!("a figure has a value or a range"),
    };
    let base = |paytable: &str, variant: Option<&str>, status, computed, places, detail: String| Check {
        game: game.to_string(),
        wager: w.id.clone(),
        paytable: paytable.to_string(),
        variant: variant.map(str::to_string),
        kind: f.kind,
        published: printed.clone(),
        computed,
        places,
        status,
        detail,
        misprint: None,
    };
    let places = f.value.as_ref().map_or_else(|| f.range.as_ref().unwrap().0.places, |v| v.places);
    let note = f.note.as_ref().map(|n| format!("; table note: {n}")).unwrap_or_default();
    if let Some(solved) = strategy_of_wager(game, &w.id).filter(|sg| sg.needs_house_way() && crate::main_game::HOUSE_WAY.get().is_none()) {
        let t = f.paytable.clone().unwrap_or_else(|| "all".into());
        return vec![base(&t, None, Status::NotComputed, None, places, crate::main_game::not_computed_yet(solved))];
    }
    if let (Some(solved), Some(v)) = (strategy_of_wager(game, &w.id), &f.value) {
        // A main game: paybacks per total amount wagered (the basis the regulator uses for
        // games whose wager grows), holds per initial wager.
        return solved
            .variants
            .iter()
            .map(|variant| {
                let s = match solve_main(solved, variant.id, w, f.paytable.as_deref()) {
                    Ok(s) => s,
                    Err(e) => return base(f.paytable.as_deref().unwrap_or("all"), Some(variant.id), Status::NotComputed, None, places, e),
                };
                let (c, basis) = if f.kind.is_house_share() { (s.house_edge_per_initial_wager(), "per initial wager") } else { (s.payback_per_total_wagered(), "per total amount wagered") };
                let ok = matches(&c, v);
                let dev = Decimal(&((&c - &v.value) * BigRational::from_integer(100.into()))).with_places(v.places + 2);
                let t = f.paytable.clone().unwrap_or_else(|| "all".into());
                let how = match crate::main_game::HOUSE_WAY.get().filter(|_| solved.needs_house_way()) {
                    Some(way) => format!("player policy {}, dealer's house way {way}", variant.id),
                    None => "optimal strategy".to_string(),
                };
                base(&t, Some(variant.id), if ok { Status::Reproduced } else { Status::Differs }, Some(c), places, format!("{how}, {basis}; deviation {dev} points{note}"))
            })
            .collect();
    }
    let Ok(wager) = parsheet_games::find(game, &w.id) else {
        let t = f.paytable.clone().unwrap_or_else(|| "all".into());
        return vec![base(&t, None, Status::NotComputed, None, places, "parsheet does not compute this wager yet".into())];
    };
    let variants: Vec<Option<&str>> = if wager.variants.is_empty() { vec![None] } else { wager.variants.iter().map(|v| Some(v.id)).collect() };
    let mut out = Vec::new();
    for variant in variants {
        let counts = counts_of(counted, wager, variant);
        if w.paytables.iter().any(crate::progressive::needs_model) {
            // Meter or dollar pays, or Envy: the progressive model, its assumptions in the detail.
            for (id, status, computed, detail) in crate::progressive::verify_figure(game, w, f, counts) {
                out.push(base(&id, variant, status, computed, places, detail + &note));
            }
            continue;
        }
        let analyses: Vec<(String, Result<Analysis, String>)> =
            w.paytables.iter().map(|p| (p.table.id.clone(), analyze(counts, &p.table).map_err(|e| e.to_string()))).collect();
        let start = out.len();
        match (&f.value, &f.range, &f.paytable) {
            (Some(v), _, t) => {
                let targets: Vec<&(String, Result<Analysis, String>)> = match t {
                    Some(t) => analyses.iter().filter(|a| &a.0 == t).collect(),
                    None => analyses.iter().collect(),
                };
                for (id, a) in targets {
                    out.push(match a {
                        Err(e) => base(id, variant, Status::NotComputed, None, v.places, e.clone()),
                        Ok(a) => {
                            let c = figure_of(f.kind, a);
                            let ok = matches(&c, v);
                            let dev = Decimal(&((&c - &v.value) * BigRational::from_integer(100.into()))).with_places(v.places + 2);
                            let attribution = if t.is_none() && analyses.len() > 1 { "; the source does not say which paytable" } else { "" };
                            base(id, variant, if ok { Status::Reproduced } else { Status::Differs }, Some(c), v.places, format!("deviation {dev} points{attribution}"))
                        }
                    });
                }
            }
            (None, Some((lo, hi)), _) => {
                let values: Vec<(String, BigRational)> = analyses.iter().filter_map(|(id, a)| a.as_ref().ok().map(|a| (id.clone(), figure_of(f.kind, a)))).collect();
                if values.len() != analyses.len() || values.is_empty() {
                    out.push(base("all", variant, Status::NotComputed, None, lo.places, "some paytables need a model or none is approved".into()));
                    continue;
                }
                let min = values.iter().min_by(|a, b| a.1.cmp(&b.1)).unwrap();
                let max = values.iter().max_by(|a, b| a.1.cmp(&b.1)).unwrap();
                let ok = matches(&min.1, lo) && matches(&max.1, hi);
                let all: Vec<String> = values.iter().map(|(id, v)| format!("{id} {}%", Decimal(v).percent(lo.places + 2))).collect();
                out.push(base(
                    "all",
                    variant,
                    if ok { Status::Reproduced } else { Status::Differs },
                    None,
                    lo.places,
                    format!("computed range {}% ({}) to {}% ({}); each: {}", Decimal(&min.1).percent(lo.places), min.0, Decimal(&max.1).percent(lo.places), max.0, all.join(", ")),
                ));
            }
            _ => unreachable!(),
        }
        for c in &mut out[start..] {
            c.detail += &note;
        }
    }
    out
}

pub fn run(args: Args) -> Result<(), String> {
    crate::main_game::use_house_way(args.house_way.as_deref())?;
    let games = args.tables.load()?;
    let total: usize = games.iter().flat_map(|g| &g.wagers).map(|w| w.published.len()).sum();
    let progress = Progress::new("verifying published figures", total as u64);
    let checks = checks(&games, &progress);
    progress.finish();
    match args.format {
        Format::Csv | Format::Md => print!("{}", to_rows(&checks, args.format == Format::Md)),
        Format::Json => {
            let rows: Vec<_> = checks
                .iter()
                .map(|c| {
                    json!({
                        "game": c.game, "wager": c.wager, "paytable": c.paytable, "variant": c.variant,
                        "kind": c.kind.name(), "published": c.published,
                        "computed": c.computed.as_ref().map(fraction),
                        "computed_percent": c.computed.as_ref().map(|v| Decimal(v).percent(c.places + 4)),
                        "status": c.status.name(), "detail": c.detail, "misprint_corrected": c.misprint,
                    })
                })
                .collect();
            println!("{}", serde_json::Value::Array(rows));
        }
        Format::Table => print!("{}", to_text(&checks)),
    }
    Ok(())
}

/// One row per check, as CSV (quoted where needed) or a Markdown table; the exact value as a
/// fraction.
fn to_rows(checks: &[Check], markdown: bool) -> String {
    let head = ["game", "wager", "paytable", "reading", "figure", "published", "computed_percent", "computed", "status", "misprint_corrected", "detail"];
    let cell = |t: &str| {
        if markdown {
            t.replace('|', "\\|")
        } else if t.contains([',', '"', '\n']) {
            format!("\"{}\"", t.replace('"', "\"\""))
        } else {
            t.to_string()
        }
    };
    let line = |cells: Vec<String>| {
        let cells: Vec<String> = cells.iter().map(|c| cell(c)).collect();
        if markdown {
            format!("| {} |\n", cells.join(" | "))
        } else {
            format!("{}\n", cells.join(","))
        }
    };
    let mut out = line(head.iter().map(|h| h.to_string()).collect());
    if markdown {
        out += &format!("|{}\n", "---|".repeat(head.len()));
    }
    for c in checks {
        out += &line(vec![
            c.game.clone(),
            c.wager.clone(),
            c.paytable.clone(),
            c.variant.clone().unwrap_or_default(),
            c.kind.name().to_string(),
            c.published.clone(),
            c.computed.as_ref().map_or(String::new(), |v| Decimal(v).percent(c.places + 4)),
            c.computed.as_ref().map_or(String::new(), fraction),
            c.status.name().to_string(),
            c.misprint.clone().unwrap_or_default(),
            c.detail.clone(),
        ]);
    }
    out
}

pub fn to_text(checks: &[Check]) -> String {
    let mut out = String::new();
    out += &format!("{:<16} {:<21} {:<8} {:<22} {:<8} {:>16} {:>12}  {:<12} {}\n", "game", "wager", "table", "reading", "figure", "published", "computed", "status", "detail");
    for c in checks {
        let computed = c.computed.as_ref().map_or("-".to_string(), |v| format!("{}%", Decimal(v).percent(c.places + 2)));
        out += &format!(
            "{:<16} {:<21} {:<8} {:<22} {:<8} {:>16} {:>12}  {:<12} {}\n",
            c.game,
            c.wager,
            c.paytable,
            c.variant.as_deref().unwrap_or("-"),
            c.kind.name(),
            c.published,
            computed,
            c.status.name(),
            c.detail
        );
        if let Some(v) = &c.computed {
            out += &format!("{:>98}exact: {}\n", "", fraction(v));
        }
    }
    let count = |s: Status| checks.iter().filter(|c| c.status == s && c.misprint.is_none()).count();
    let corrected = checks.iter().filter(|c| c.misprint.is_some()).count();
    out += &format!(
        "\n{} checks of the figures as printed: {} reproduced, {} differ, {} not computed, {} imply an unprinted term; {corrected} more with a misprint corrected\n",
        checks.len() - corrected,
        count(Status::Reproduced),
        count(Status::Differs),
        count(Status::NotComputed),
        count(Status::Implied)
    );
    out
}
