//! The designer's questions (`parsheet serve`): a candidate paytable priced as it is typed, a
//! main game re-solved for it, and the candidate beside the approved tables.
//!
//! A side bet's counts do not depend on its pays, and its figures are linear in them, so the
//! counts are made once per wager and reading ([`CountCache`], in memory) and every keystroke
//! only re-prices: an exact analysis of a few lines over fixed counts, well under a millisecond.
//! A main game whose strategy depends on the pays (DJ Wild's Blind, Heads-Up's Odds and Bad
//! Beat) is solved again ([`solve`]): seconds, so the server runs it as a job.
//!
//! The candidate is typed as `--pays` items on an approved table (`crate::pays`), so it gets
//! exactly the checks a table file gets, and every figure here is the figure `parsheet analyze
//! GAME WAGER --paytable BASE --pays SPEC` prints: the same functions compute it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use num_rational::BigRational;
use parsheet_paytable::{fraction, Decimal, OutcomeCounts};
use parsheet_tables::GameTables;
use serde::Serialize;

use crate::progressive::Assume;

/// The z-score of a one-sided 95% (two-sided 90%) interval: the "90% volatility index" is this
/// many standard deviations.
pub const VOLATILITY_Z: f64 = 1.645;

/// Counts of side bets by (game, wager, reading, definition), made once each. A defined
/// wager's key holds its definition's canonical text, so the builder's edited definition is
/// never priced over an older one's counts.
#[derive(Default)]
pub struct CountCache(Mutex<HashMap<(String, String, Option<String>, &'static str), Arc<OutcomeCounts>>>);

impl CountCache {
    fn get(&self, known: &parsheet_games::Wager, game: &str, reading: Option<&str>) -> Result<Arc<OutcomeCounts>, String> {
        let key = (game.to_string(), known.id.to_string(), reading.map(str::to_string), known.definition_text().unwrap_or(""));
        if let Some(c) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(c.clone());
        }
        // Counted outside the lock: two first requests may both count; the counts are equal.
        let counts = Arc::new(known.count(reading)?);
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(key, counts.clone());
        Ok(counts)
    }
}

/// An exact value with its display forms.
#[derive(Clone, Debug, Serialize)]
pub struct Value {
    /// `p/q`.
    pub exact: String,
    /// As a percentage, six places.
    pub percent: String,
}

impl Value {
    fn of(r: &BigRational) -> Value {
        Value { exact: fraction(r), percent: Decimal(r).percent(6) }
    }
}

/// One line of a priced table.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    pub outcome: String,
    pub hand: Option<String>,
    pub pays: String,
    pub combinations: String,
    pub probability: Value,
    /// Its share of the expected net (per unit wagered, or per Ante for a main game).
    #[serde(rename = "return")]
    pub contribution: Value,
}

/// A candidate priced: the figures the designer page shows, and the full record behind them.
#[derive(Clone, Debug, Serialize)]
pub struct Priced {
    pub game: String,
    pub wager: String,
    /// The table's id: the base, or `BASE+pays` where lines were changed.
    pub paytable: String,
    /// "per unit wagered", or "per Ante" for a main game.
    pub basis: &'static str,
    pub house_edge: Option<Value>,
    pub payback: Option<Value>,
    pub hit_frequency: Option<Value>,
    /// Standard deviation of the net (display: the square root of an exact variance).
    pub standard_deviation: Option<String>,
    /// 1.645 standard deviations.
    pub volatility_index: Option<String>,
    pub lines: Vec<Line>,
    /// Lines changed from the base table: "outcome: was -> now".
    pub changed: Vec<String>,
    /// The record as `parsheet analyze --format json` prints it.
    pub record: serde_json::Value,
}

fn volatility(sd: Option<&str>) -> Option<String> {
    sd.and_then(|s| s.parse::<f64>().ok()).map(|s| format!("{:.4}", VOLATILITY_Z * s))
}

/// The tables with the candidate added: `base` with `spec`'s lines changed (or `base` itself).
pub fn with_candidate(games: &[GameTables], game: &str, wager: &str, base: &str, spec: &str) -> Result<(Vec<GameTables>, String), String> {
    let mut games = games.to_vec();
    let spec = spec.trim();
    let id = if spec.is_empty() { base.to_string() } else { crate::pays::add(&mut games, game, wager, spec, Some(base))? };
    crate::inputs::select(&games, game, wager, Some(&id))?;
    Ok((games, id))
}

/// Whether `game wager` (a wager of the tables) is priced by re-solving a main game.
pub fn needs_solve(game: &str, wager: &str) -> bool {
    (game == "heads-up-holdem" && wager == "bad-beat") || matches!(parsheet_games::lookup(game, wager), Ok(parsheet_games::Model::Main(_)))
}

/// A side bet's candidate priced over counts made once (see the module's essay).
pub fn price(games: &[GameTables], game: &str, wager: &str, base: &str, spec: &str, cache: &CountCache) -> Result<Priced, String> {
    if needs_solve(game, wager) {
        return Err(format!("{game} {wager}: the main game's strategy depends on these pays; solve it"));
    }
    let (games, id) = with_candidate(games, game, wager, base, spec)?;
    let known = parsheet_games::find(game, wager)?;
    let entry = crate::inputs::select(&games, game, wager, Some(&id))?;
    let w = crate::inputs::select_wager(&games, game, wager)?;
    let (reading, said) = crate::inputs::reading_of(w, entry, known, None);
    let counts = cache.get(known, game, reading.as_deref())?;
    let a = crate::wager::of_counts(w, entry, reading, said, &counts, &Assume::default(), game)?;
    Ok(Priced {
        game: game.into(),
        wager: wager.into(),
        paytable: id,
        basis: "per unit wagered",
        house_edge: a.figures.house_edge.as_ref().map(|x| Value::of(x.value())),
        payback: a.figures.payback.as_ref().map(|x| Value::of(x.value())),
        hit_frequency: a.hit_frequency.as_ref().map(|x| Value::of(x.value())),
        standard_deviation: a.standard_deviation.clone(),
        volatility_index: volatility(a.standard_deviation.as_deref()),
        lines: a
            .outcomes
            .iter()
            .map(|o| Line { outcome: o.outcome.clone(), hand: o.hand.clone(), pays: o.pays.clone(), combinations: o.combinations.0.to_string(), probability: Value::of(o.probability.value()), contribution: Value::of(o.contribution.value()) })
            .collect(),
        changed: entry.changed.iter().map(|c| format!("{}: {} -> {}", c.outcome, c.was.as_ref().map_or("loses".into(), ToString::to_string), c.pays)).collect(),
        record: serde_json::to_value(&a).expect("records serialize"),
    })
}

/// A main game solved again for the candidate (DJ Wild's Blind, Heads-Up's Odds; Heads-Up's Bad
/// Beat as its bonus table): the figures of `parsheet analyze GAME base --paytable ... --pays`.
pub fn solve(games: &[GameTables], game: &str, wager: &str, base: &str, spec: &str) -> Result<Priced, String> {
    let (games, id) = with_candidate(games, game, wager, base, spec)?;
    let g = parsheet_games::strategy::find_strategy(game)?;
    let x = if wager == g.wager || wager == parsheet_games::MAIN {
        crate::main_game::solve(&games, g, None, Some(&id), None, None)?
    } else if g.bonus_wager == Some(wager) {
        crate::main_game::solve(&games, g, None, None, Some(&id), None)?
    } else {
        return Err(format!("{game} {wager}: not a table the main game plays"));
    };
    let a = crate::main_game::analysis(&x);
    let changed = x.changed.iter().map(|c| format!("{}: {} -> {}", c.outcome, c.was.as_ref().map_or("loses".into(), ToString::to_string), c.pays)).collect();
    Ok(Priced {
        game: game.into(),
        wager: wager.into(),
        paytable: id,
        basis: "per Ante",
        house_edge: a.figures.house_edge.as_ref().map(|x| Value::of(x.value())),
        payback: a.figures.payback.as_ref().map(|x| Value::of(x.value())),
        hit_frequency: Some(Value::of(a.hit_frequency.value())),
        standard_deviation: Some(a.standard_deviation_per_ante.clone()),
        volatility_index: volatility(Some(&a.standard_deviation_per_ante)),
        lines: a
            .outcomes
            .iter()
            .map(|o| Line { outcome: o.outcome.clone(), hand: None, pays: format!("net {}", fraction(o.net.value())), combinations: o.combinations.0.to_string(), probability: Value::of(o.probability.value()), contribution: Value::of(o.contribution.value()) })
            .collect(),
        changed,
        record: serde_json::to_value(&a).expect("records serialize"),
    })
}

/// The candidate beside each approved table of its wager.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The outcomes, best first.
    pub outcomes: Vec<String>,
    /// The candidate first, then the approved tables.
    pub columns: Vec<Column>,
}

/// One table of a comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Column {
    pub paytable: String,
    pub candidate: bool,
    pub house_edge: Option<Value>,
    pub hit_frequency: Option<Value>,
    pub standard_deviation: Option<String>,
    /// The candidate's house edge minus this table's (zero for the candidate).
    pub edge_difference: Option<Value>,
    /// By outcome: the pay, and the candidate's share of the house edge minus this table's on
    /// that line (the lines' differences add up to `edge_difference`).
    pub lines: Vec<(String, Value)>,
}

/// Compares the candidate with every approved table of `game wager` (side bets).
pub fn compare(games: &[GameTables], game: &str, wager: &str, base: &str, spec: &str, cache: &CountCache) -> Result<Comparison, String> {
    let cand = price(games, game, wager, base, spec, cache)?;
    let w = crate::inputs::select_wager(games, game, wager)?;
    let mut priced = vec![(cand.clone(), true)];
    for p in &w.paytables {
        priced.push((price(games, game, wager, &p.table.id, "", cache)?, false));
    }
    let edge = |p: &Priced| p.house_edge.as_ref().and_then(|v| parse(&v.exact));
    let share = |p: &Priced, o: &str| p.lines.iter().find(|l| l.outcome == o).and_then(|l| parse(&l.contribution.exact));
    let outcomes: Vec<String> = cand.lines.iter().map(|l| l.outcome.clone()).collect();
    let columns = priced
        .iter()
        .map(|(p, is_cand)| Column {
            paytable: p.paytable.clone(),
            candidate: *is_cand,
            house_edge: p.house_edge.clone(),
            hit_frequency: p.hit_frequency.clone(),
            standard_deviation: p.standard_deviation.clone(),
            edge_difference: edge(&cand).zip(edge(p)).map(|(a, b)| Value::of(&(a - b))),
            lines: outcomes
                .iter()
                .map(|o| {
                    let pays = p.lines.iter().find(|l| &l.outcome == o).map_or("loses".to_string(), |l| l.pays.clone());
                    // A share of the house edge is minus the line's return.
                    let d = share(p, o).zip(share(&cand, o)).map(|(b, a)| b - a).unwrap_or_default();
                    (pays, Value::of(&d))
                })
                .collect(),
        })
        .collect();
    Ok(Comparison { outcomes, columns })
}

fn parse(p: &str) -> Option<BigRational> {
    p.parse().ok()
}

/// The candidate as a table file of the `tables/` schema (one paytable, id `id`), for `--tables
/// FILE` or `--with-tables FILE`.
pub fn table_file(games: &[GameTables], game: &str, wager: &str, base: &str, spec: &str, id: &str) -> Result<String, String> {
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!("{id:?} is not a paytable id: letters, digits, - and _"));
    }
    let (games, cand) = with_candidate(games, game, wager, base, spec)?;
    let g = games.iter().find(|g| g.game == game).ok_or("no such game")?;
    let w = g.wagers.iter().find(|w| w.id == wager).ok_or("no such wager")?;
    let entry = crate::inputs::select(&games, game, wager, Some(&cand))?;
    let table = parsheet_paytable::Paytable { id: id.to_string(), lines: entry.table.lines.clone() };
    // The file the base table was read from (an added --with-tables file, say), not the game's first.
    let file = w.paytable(base).map_or(&g.file, |p| &p.file);
    let note = format!("Designed in parsheet serve from paytable {base} of {file}");
    Ok(parsheet_tables::single_paytable_file(g, w, &table, &note))
}

/// The tables of a one-wager report of the candidate (its PAR sheet, its workbook): the game's
/// file cut to that wager, holding only the candidate, under id `id`.
pub fn report_tables(games: &[GameTables], game: &str, wager: &str, base: &str, spec: &str, id: &str) -> Result<Vec<GameTables>, String> {
    let text = table_file(games, game, wager, base, spec, id)?;
    let g = parsheet_tables::parse(&format!("{id}.json"), &text).map_err(|e| e.to_string())?;
    Ok(vec![g])
}

/// A side bet built on the designer page: its definition priced, as the command line prices
/// the same file with `--with-tables`.
#[derive(Clone, Debug, Serialize)]
pub struct Built {
    pub priced: Priced,
    /// Not refusals: an outcome no deal reaches, an outcome no paytable pays, a `same-value`
    /// that changes nothing ([`definition_warnings`]).
    pub warnings: Vec<String>,
    /// The file as the page downloads it: a schema-2 tables file `--with-tables` reads.
    pub file: String,
    /// Its name: `GAME.json`.
    pub file_name: String,
}

/// Prices the side bet of `text`, a schema-2 tables file of one game holding one defined wager
/// with one paytable (what the page's builder sends): read strictly, as `--with-tables` reads
/// it, then counted and priced as [`price`] prices a candidate. Its game id may be none of
/// `loaded`'s (the tables the server was started with), whose wagers stay as they were read.
pub fn build(loaded: &[GameTables], text: &str, cache: &CountCache) -> Result<Built, String> {
    // Refused before anything is registered: a loaded file's wager keeps its definition.
    let named = serde_json::from_str::<serde_json::Value>(text).ok().and_then(|d| d["game"].as_str().map(str::to_string));
    if let Some(game) = named.filter(|g| loaded.iter().any(|l| &l.game == g)) {
        return Err(format!("game id {:?} is a game of the loaded tables: give the side bet a game id of its own", parsheet_tables::printable(&game)));
    }
    let g = parsheet_tables::parse_designed("the side bet", text).map_err(|e| e.to_string())?;
    let [w] = &g.wagers[..] else { return Err(format!("the side bet's file holds {} wagers: the builder defines one", g.wagers.len())) };
    let [p] = &w.paytables[..] else { return Err(format!("the side bet's file holds {} paytables: the builder prices one", w.paytables.len())) };
    let games = vec![g.clone()];
    let priced = price(&games, &g.game, &w.id, &p.table.id, "", cache)?;
    let known = parsheet_games::find(&g.game, &w.id)?;
    let (reading, _) = crate::inputs::reading_of(w, p, known, None);
    let counts = cache.get(known, &g.game, reading.as_deref())?;
    let warnings = definition_warnings(w, known, counts.rows());
    let mut doc: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    parsheet_tables::carry_definition(&mut doc);
    Ok(Built {
        priced,
        warnings,
        file: serde_json::to_string_pretty(&doc).expect("JSON values serialise") + "\n",
        file_name: format!("{}.json", g.game),
    })
}

/// What is odd in a defined wager but not wrong (the built-in bets have the first two): an
/// outcome no deal reaches under the counted reading, an outcome no paytable of the file pays,
/// and a `same-value` that changes no rule of the deal ([`parsheet_define::Definition::oddities`]).
/// `counted` is (outcome, deals) under the reading counted.
pub fn definition_warnings(w: &parsheet_tables::WagerTables, known: &parsheet_games::Wager, counted: &[(String, u128)]) -> Vec<String> {
    let mut out = Vec::new();
    for o in known.outcomes {
        if counted.iter().any(|(id, n)| id == o && *n == 0) {
            out.push(format!("outcome {o}: no deal reaches it"));
        }
        let paid = w.paytables.iter().any(|p| p.table.pay(o).is_some_and(|pay| !matches!(pay, parsheet_paytable::Pay::Loses | parsheet_paytable::Pay::NotAvailable)));
        if !paid {
            out.push(format!("outcome {o}: no paytable pays it"));
        }
    }
    out.extend(known.definition().into_iter().flat_map(|d| d.oddities()).map(|p| p.to_string()));
    out
}
