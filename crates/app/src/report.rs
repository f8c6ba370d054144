//! The hold report's contents: for every game and wager of the tables, the records of the
//! questions above (each paytable's analysis under each reading, each main game's strategy, each
//! published figure's checks and explanations), in one document (schema `parsheet-report/3`,
//! `docs/REPORT.md`). The report's views (`parsheet-report`: HTML, Markdown, CSV, the workbook,
//! `report.json`) render this document and nothing else.

use std::collections::BTreeMap;

use num_rational::BigRational;
use parsheet_tables::{GameTables, WagerTables};
use schemars::JsonSchema;
use serde::Serialize;

use parsheet_games::strategy::face_up_pai_gow as fupg;
use parsheet_games::strategy::strategy_of_wager;

use crate::explain::explain_check;
use crate::main_game::HouseWayChoice;
use crate::progress::{Step, Task};
use crate::main_game::StrategyRecord;
use crate::progressive::Assume;
use crate::provenance::Provenance;
use crate::verify::{counts_of, figure_checks, Check, Context, Counted};
use crate::vocab::{Assumption, Count, Exact};
use crate::wager::WagerAnalysis;

pub const SCHEMA: &str = "parsheet-report/3";

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Report {
    pub schema: String,
    pub generator: String,
    /// What the report was made from: date, build, commit, the SHA-256 of every file read,
    /// the command.
    pub provenance: Provenance,
    /// Where the tables came from.
    pub tables: String,
    /// The house way Face Up Pai Gow's main game was computed against.
    pub house_way: Assumption,
    pub games: Vec<GameSection>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GameSection {
    pub game: String,
    pub title: String,
    pub chapter: String,
    pub rulemaking: String,
    pub file: String,
    pub wagers: Vec<WagerSection>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Reading {
    pub id: String,
    pub description: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Rejected {
    pub reading: String,
    pub note: String,
}

/// One outcome of a sheet: its combinations whatever the pays.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SheetOutcome {
    pub outcome: String,
    pub combinations: Count,
    pub probability: Exact,
    /// One in this many deals; null where it never happens.
    pub one_in: Option<Exact>,
}

/// A paytable of a sheet: what it is, and its analysis (or why there is none).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SheetTable {
    pub id: String,
    pub section: String,
    pub notes: Vec<String>,
    pub terms: BTreeMap<String, String>,
    /// Why this reading is not the one to quote for this table, if it is not.
    pub reading_flag: Option<String>,
    pub error: Option<String>,
    pub analysis: Option<WagerAnalysis>,
}

/// A wager's counts under one reading, and every paytable over them.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Sheet {
    pub reading: Option<String>,
    pub cycle: Count,
    pub outcomes: Vec<SheetOutcome>,
    pub paytables: Vec<SheetTable>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Line {
    pub outcome: String,
    pub hand: Option<String>,
    pub pays: String,
    pub envy: Option<String>,
}

/// A paytable as printed.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Paytable {
    pub id: String,
    pub section: String,
    pub terms: BTreeMap<String, String>,
    pub notes: Vec<String>,
    pub lines: Vec<Line>,
}

/// A check with the one-line changes that would reproduce its figure.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CheckExplained {
    #[serde(flatten)]
    pub check: Check,
    /// One-line changes that would reproduce it, the plausible first.
    pub explanations: Vec<String>,
    /// How many of the explanations are plausible (one character from the printed cell, or
    /// half to twice its pay); the rest are less plausible.
    pub plausible: usize,
}

/// A figure the regulator published, and its checks.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PublishedFigure {
    pub paytable: Option<String>,
    pub kind: String,
    pub printed: String,
    pub section: String,
    pub quote: String,
    pub note: Option<String>,
    pub checks: Vec<CheckExplained>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WagerSection {
    /// The wager's id; a main game is `base` (its pays may sit under another tables wager).
    pub id: String,
    /// The tables file's wager (`blind` for DJ Wild's main game, `odds` for Heads-Up's).
    pub tables_wager: String,
    pub title: String,
    pub section: String,
    pub rules: Option<String>,
    pub deal: Option<String>,
    pub computed: bool,
    /// Why it is not computed, where it is not.
    pub reason: Option<String>,
    pub strategy: Vec<StrategyRecord>,
    pub notes: Vec<String>,
    pub readings: Vec<Reading>,
    /// The reading every command uses where none is asked and no paytable prints its own, with
    /// its basis (the figure to certify is on it); null for a wager with one reading.
    pub default_reading: Option<crate::vocab::Assumption>,
    pub rejected_readings: Vec<Rejected>,
    pub sheets: Vec<Sheet>,
    pub paytables: Vec<Paytable>,
    pub published: Vec<PublishedFigure>,
    /// Face Up Pai Gow's main game: every built-in house way, and the range over all ways.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_ways: Option<crate::house_ways::HouseWaysAnalysis>,
    /// Face Up Pai Gow's main game: the single-rule edits of the house way against the
    /// published figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub way_edits: Option<crate::house_ways::WayEdits>,
}

/// The progress task of one wager's section.
fn wager_task(game: &str, wager: &str) -> String {
    format!("report: {game} {wager}")
}

/// Planned costs on two idle cores, in milliseconds: estimates, not measurements (only their
/// ratios matter; docs/PERFORMANCE.md, "The whole-report estimate"). A wager's section by game
/// (its counts, strategy, checks and explanations, cold), a house way checked on every hand,
/// Face Up Pai Gow's setting table and one full-deck count.
fn wager_cost_ms(game: &str, wager: &str) -> u64 {
    match (game, wager) {
        ("heads-up-holdem", "odds") => 9_000,
        ("face-up-pai-gow", "base") => 4_000,
        ("high-card-flush", "ante") | ("dj-wild", "blind") => 4_000,
        ("saigon-5-card", _) | ("dj-wild", _) => 1_500,
        _ => 500,
    }
}
const VALIDATION_MS: u64 = 200;
const SETTING_TABLE_MS: u64 = 45_000;
/// The default way's count (the house-way player alone: the optimal player's counts are the
/// setting table's, counted before it; its run also answers the further ways' first run and the
/// other reading's house-way part); another Ace High reading's, from the text's (the table's rows
/// and what the default's run answered; a count of its own, about 7 s, only where the text's
/// counts came from the cache); and the house-way player of every further way from the
/// default's: a part shared and a part per way. Step times of a cold report (9ef6775) on the idle machine,
/// 2026-11-29 (12.1 s, under 0.1 s, and 21.3 s for nine ways).
const WAY_COUNT_MS: u64 = 12_000;
const READING_COUNT_MS: u64 = 500;
const FURTHER_WAYS_MS: u64 = 6_000;
const FURTHER_WAY_MS: u64 = 1_700;

/// Every step of building the report of `games` with the house way `choice` (named, not yet
/// checked), in the order they run, with planned costs: a house way is checked once per name
/// and counted once per rules, as `main_game` does.
pub fn plan(games: &[GameTables], choice: &HouseWayChoice) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut validated: Vec<String> = Vec::new();
    let mut counted: Vec<(fupg::AceHigh, Vec<parsheet_games::house_way::Rule>)> = Vec::new();
    let uses_way = games.iter().any(|g| g.wagers.iter().any(|w| strategy_of_wager(&g.game, &w.id).is_some_and(|sg| sg.needs_house_way())));
    if uses_way {
        validated.push(choice.spec.clone());
        steps.push(Step { task: crate::main_game::validation_task(&choice.spec), words: format!("house way {} checked on every hand", parsheet_tables::printable(&choice.spec)), cost_ms: VALIDATION_MS, kind: "house way checked" });
    }
    let default_rules = if uses_way { Some(parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?.rules) } else { None };
    // Whether `spec` is a further way, counted with the others from the default's count.
    let mut count = |steps: &mut Vec<Step>, spec: &str, ace_high: fupg::AceHigh, words: &dyn Fn() -> String| -> Result<bool, String> {
        let way = parsheet_tables::house_way::load(spec).map_err(|e| e.to_string())?;
        if counted.iter().any(|(a, r)| *a == ace_high && *r == way.rules) {
            return Ok(false);
        }
        counted.push((ace_high, way.rules.clone()));
        if !validated.iter().any(|v| v == spec) {
            validated.push(spec.to_string());
            steps.push(Step { task: crate::main_game::validation_task(spec), words: format!("house way {} checked on every hand", parsheet_tables::printable(spec)), cost_ms: VALIDATION_MS, kind: "house way checked" });
        }
        if Some(&way.rules) != default_rules.as_ref() && ace_high == fupg::AceHigh::JokerPlaysAce {
            return Ok(true);
        }
        let cost_ms = if ace_high == fupg::AceHigh::JokerPlaysAce { WAY_COUNT_MS } else { READING_COUNT_MS };
        steps.push(Step { task: crate::main_game::count_task(&way.id, ace_high), words: words(), cost_ms, kind: "house way counted" });
        Ok(false)
    };
    for g in games {
        for w in &g.wagers {
            steps.push(Step { task: wager_task(&g.game, &w.id), words: format!("{} {}", g.game, w.id), cost_ms: wager_cost_ms(&g.game, &w.id), kind: "wager" });
            let Some(sg) = strategy_of_wager(&g.game, &w.id).filter(|sg| sg.needs_house_way()) else { continue };
            let reading = fupg::AceHigh::JokerPlaysAce;
            steps.push(Step { task: crate::house_ways::setting_table_task(reading), words: format!("{} setting table", g.game), cost_ms: SETTING_TABLE_MS, kind: "setting table" });
            let table: Vec<(String, bool)> = crate::house_ways::table_ways(choice)?.into_iter().map(|(spec, _, counted)| (spec, counted)).collect();
            let mut n = 0;
            for (spec, _) in table.iter().filter(|(_, c)| *c) {
                n += count(&mut steps, spec, reading, &|| format!("{} house way {}", g.game, parsheet_tables::printable(spec)))? as usize;
            }
            if n > 0 {
                let words = format!("{} {n} further house ways from the default's count", g.game);
                steps.push(Step { task: crate::main_game::further_ways_task(n), words, cost_ms: FURTHER_WAYS_MS + n as u64 * FURTHER_WAY_MS, kind: "further house ways counted" });
            }
            for v in sg.variants {
                let ace_high = fupg::reading_of(v.id).map_or(reading, |r| r.1);
                count(&mut steps, &choice.spec, ace_high, &|| format!("{} {} ({})", g.game, parsheet_tables::printable(&choice.spec), ace_high.id()))?;
            }
        }
    }
    Ok(steps)
}

/// Builds the report of `games`, each wager's section a task of [`plan`].
///
/// The games' sections are built side by side, one thread each: they share no counts (a count is
/// kept under its game's name), and one game's serial work (a strategy solved on one core) then
/// overlaps another's, instead of leaving the second core idle. Threads of their own, not rayon
/// tasks: a rayon worker waiting inside one game's parallel count could take up another game's
/// section and block on a lock that game holds.
pub fn build(games: &[GameTables], source: &str, provenance: Provenance, max_pay: u64, cx: &Context) -> Result<Report, String> {
    crate::inputs::check_max_pay(max_pay)?;
    parsheet_games::strategy::heads_up::expect_every_reading();
    let sections: Vec<Result<GameSection, String>> = std::thread::scope(|scope| {
        let lanes: Vec<_> = games
            .iter()
            .map(|g| std::thread::Builder::new().name(format!("report {}", g.game)).stack_size(SECTION_STACK).spawn_scoped(scope, move || game_section(g, max_pay, cx)))
            .collect();
        lanes
            .into_iter()
            .map(|lane| match lane {
                Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(e) => Err(format!("cannot start a thread for a game's section: {e}")),
            })
            .collect()
    });
    let sections = sections.into_iter().collect::<Result<Vec<_>, String>>()?;
    Ok(Report { schema: SCHEMA.into(), generator: format!("parsheet {}", env!("CARGO_PKG_VERSION")), provenance, tables: source.into(), house_way: cx.house_way.assumption.clone(), games: sections })
}

/// A game's section thread's stack: the main thread's size, so no count runs on less.
const SECTION_STACK: usize = 8 << 20;

/// One game's section: its wagers' sections in order, sharing the game's counts.
fn game_section(g: &GameTables, max_pay: u64, cx: &Context) -> Result<GameSection, String> {
    let mut counted = Counted::new();
    let mut wagers = Vec::new();
    for w in &g.wagers {
        let task = Task::new(wager_task(&g.game, &w.id), 1);
        wagers.push(wager(g, w, &mut counted, max_pay, cx)?);
        task.finish();
    }
    Ok(GameSection { game: g.game.clone(), title: g.title.clone(), chapter: g.chapter.clone(), rulemaking: g.rulemaking.clone(), file: g.file.clone(), wagers })
}

fn terms(p: &parsheet_tables::PaytableEntry) -> BTreeMap<String, String> {
    p.terms.iter().cloned().collect()
}

/// One wager's section.
pub fn wager(g: &GameTables, w: &WagerTables, counted: &mut Counted, max_pay: u64, cx: &Context) -> Result<WagerSection, String> {
    let known = parsheet_games::find(&g.game, &w.id).ok();
    let readings = known.map_or(vec![], |k| k.variants.iter().map(|v| Reading { id: v.id.into(), description: v.description.into() }).collect());
    let mut sheets = Vec::new();
    if let Some(k) = known {
        let variants: Vec<Option<&str>> = if k.variants.is_empty() { vec![None] } else { k.variants.iter().map(|v| Some(v.id)).collect() };
        for variant in variants {
            let counts = counts_of(counted, k, variant)?.clone();
            let outcomes = counts
                .rows()
                .iter()
                .map(|(o, n)| {
                    let p = BigRational::new((*n).into(), counts.cycle().into());
                    SheetOutcome { outcome: o.clone(), combinations: Count(*n), one_in: (*n > 0).then(|| Exact(p.recip())), probability: Exact(p) }
                })
                .collect();
            let paytables = w
                .paytables
                .iter()
                .map(|p| {
                    let said = crate::inputs::reading_of(w, p, k, variant).1;
                    let (analysis, error) = match crate::wager::of_counts(w, p, variant.map(str::to_string), said, &counts, &Assume::default(), &g.game) {
                        Ok(a) => (Some(a), None),
                        Err(e) => (None, Some(e)),
                    };
                    SheetTable { id: p.table.id.clone(), section: p.section.clone(), notes: p.notes.clone(), terms: terms(p), reading_flag: reading_flag(w, p, variant), error, analysis }
                })
                .collect();
            sheets.push(Sheet { reading: variant.map(str::to_string), cycle: Count(counts.cycle()), outcomes, paytables });
        }
    }
    let solved = strategy_of_wager(&g.game, &w.id);
    let mut strategy = Vec::new();
    let mut house_ways = None;
    let mut way_edits = None;
    if solved.is_some_and(|sg| sg.needs_house_way()) {
        let games = std::slice::from_ref(g);
        house_ways = Some(crate::house_ways::house_ways(games, cx.house_way)?);
        if !w.published.is_empty() {
            way_edits = Some(crate::house_ways::way_edits(games, cx.house_way)?);
        }
    }
    if let Some(sg) = solved {
        // One solution per reading, and per paytable where the strategy plays one.
        let tables: Vec<Option<&str>> = if sg.needs_paytable() { w.paytables.iter().map(|p| Some(p.table.id.as_str())).collect() } else { vec![None] };
        let games = std::slice::from_ref(g);
        for v in sg.variants {
            for t in &tables {
                if let Ok(x) = crate::main_game::solve(games, sg, Some(v.id), *t, None, Some(cx.house_way)) {
                    strategy.push(crate::main_game::strategy(&x)?);
                }
            }
        }
    }
    let mut published = Vec::new();
    for f in &w.published {
        let printed = match (&f.value, &f.range) {
            (Some(v), _) => v.text.clone(),
            (_, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
            _ => unreachable!("a figure has a value or a range"),
        };
        let mut checks = Vec::new();
        for c in figure_checks(g, w, f, counted, cx) {
            let (explanations, plausible) = explain_check(g, w, f, &c, counted, max_pay)?;
            checks.push(CheckExplained { check: c, explanations, plausible });
        }
        published.push(PublishedFigure { paytable: f.paytable.clone(), kind: f.kind.name().into(), printed, section: f.section.clone(), quote: f.quote.clone(), note: f.note.clone(), checks });
    }
    // A main game is `base` in every view, titled by the wagers it plays.
    let (id, title) = match solved {
        Some(sg) => (parsheet_games::MAIN.to_string(), format!("Main game ({})", sg.title.split_once(": ").map_or(sg.title, |x| x.1))),
        None => (w.id.clone(), w.title.clone()),
    };
    Ok(WagerSection {
        id,
        tables_wager: w.id.clone(),
        title,
        section: w.section.clone(),
        rules: known.map(|k| k.rules.to_string()).or(solved.map(|s| s.rules.to_string())).filter(|r| !r.is_empty()),
        deal: known.map(|k| k.deal.to_string()).or(solved.map(|s| s.deal.to_string())),
        computed: known.is_some() || !strategy.is_empty(),
        reason: match (known, solved) {
            (Some(_), _) => None,
            (None, Some(_)) if strategy.is_empty() => Some("the main game could not be solved with these tables".into()),
            (None, Some(_)) => None,
            (None, None) => Some("parsheet does not compute this wager yet".into()),
        },
        strategy,
        notes: w.notes.clone(),
        readings,
        default_reading: crate::inputs::default_reading(std::slice::from_ref(g), &g.game, &w.id),
        rejected_readings: w.rejected_readings.iter().map(|(r, n)| Rejected { reading: r.clone(), note: n.clone() }).collect(),
        sheets,
        paytables: w
            .paytables
            .iter()
            .map(|p| Paytable {
                id: p.table.id.clone(),
                section: p.section.clone(),
                terms: terms(p),
                notes: p.notes.clone(),
                lines: p
                    .table
                    .lines
                    .iter()
                    .map(|l| Line { outcome: l.outcome.clone(), hand: p.hand(&l.outcome).map(str::to_string), pays: l.pay.to_string(), envy: p.envy.iter().find(|e| e.0 == l.outcome).map(|e| e.1.to_string()) })
                    .collect(),
            })
            .collect(),
        published,
        house_ways,
        way_edits,
    })
}

/// Why a reading of a paytable is not the one to quote, if it is not: the notes reject it, or
/// the table prints another reading for itself.
fn reading_flag(w: &WagerTables, p: &parsheet_tables::PaytableEntry, variant: Option<&str>) -> Option<String> {
    let variant = variant?;
    if let Some((_, note)) = w.rejected_readings.iter().find(|(r, _)| r == variant) {
        return Some(format!("reading rejected by the notes: {note}"));
    }
    let printed = p.reading.as_deref()?;
    (printed != variant).then(|| format!("not the table's reading: the table prints {printed}"))
}
