//! A main game as the wager `base`: solved under its optimal strategy for the pay tables it
//! reads, and rendered the same way by `analyze`, `strategy` and the report.
//!
//! The solve needs pay tables from `tables/` (DJ Wild's Blind, Heads-Up's Odds and Bad Beat),
//! so choosing them lives here, once, for every command.

use num_rational::BigRational;
use parsheet_games::strategy::face_up_pai_gow as fupg;
use parsheet_games::strategy::{Solution, StrategyGame};
use parsheet_paytable::{fraction, Decimal};
use parsheet_tables::GameTables;
use serde_json::{json, Map, Value};

/// A main game solved for one reading and the pay tables it read.
pub struct Solved {
    pub game: &'static StrategyGame,
    pub reading: String,
    /// The paytable of [`StrategyGame::wager`] the strategy played, where it plays one.
    pub paytable: Option<String>,
    /// The bonus paytable played (Heads-Up Hold 'Em's Bad Beat), where the tables hold one.
    pub bonus: Option<String>,
    /// Face Up Pai Gow's house way, where the game was solved against one.
    pub house_way: Option<String>,
    /// The lines `--pays` changed in [`Solved::paytable`]'s table it started from.
    pub changed: Vec<parsheet_tables::ChangedLine>,
    pub solution: Solution,
}

/// The house way `verify` and `report` solve Face Up Pai Gow's main game against (their
/// `--house-way`), where one is named.
pub static HOUSE_WAY: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Names the house way of this run (`--house-way` of `verify` and `report`), refusing an
/// unknown one before any work.
pub fn use_house_way(spec: Option<&str>) -> Result<(), String> {
    let Some(spec) = spec else { return Ok(()) };
    let way = parsheet_tables::house_way::load(spec).map_err(|e| e.to_string())?;
    // Every seven-card hand set, before anything is computed or written.
    parsheet_games::house_way::validate(&way).map_err(|e| format!("house way {}: {e}", way.id))?;
    HOUSE_WAY.set(spec.to_string()).map_err(|_| "the house way of this run is already set".to_string())
}

/// Face Up Pai Gow's exact counts against the house way `spec`, validated and counted once per
/// process (both policies come from one count; `verify` and the report ask for each).
pub fn face_up_pai_gow_counts(g: &StrategyGame, spec: &str) -> Result<(parsheet_games::house_way::HouseWay, fupg::Counts), String> {
    type Memo = Vec<(String, parsheet_games::house_way::HouseWay, fupg::Counts)>;
    static DONE: std::sync::Mutex<Memo> = std::sync::Mutex::new(Vec::new());
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, way, counts)) = done.iter().find(|d| d.0 == spec) {
        return Ok((way.clone(), counts.clone()));
    }
    let way = parsheet_tables::house_way::load(spec).map_err(|e| e.to_string())?;
    // Refuse a way that leaves a hand unset before the long solve (`use_house_way` did already).
    if HOUSE_WAY.get().map(String::as_str) != Some(spec) {
        parsheet_games::house_way::validate(&way).map_err(|e| format!("house way {}: {e}", way.id))?;
    }
    let progress = crate::progress::Progress::new(format!("{} ({})", g.game, parsheet_tables::printable(&way.id)), 10_000);
    let counts = fupg::count_stored(fupg::Deck::FULL, &way, &|done, total| progress.set_fraction(done, total))?;
    progress.finish();
    done.push((spec.to_string(), way.clone(), counts.clone()));
    Ok((way, counts))
}

/// What `analyze`/`report`/`verify` answer for Face Up Pai Gow's main game unless a house way is
/// named: its full-deck solve is too long for a table of figures.
pub fn not_computed_yet(g: &StrategyGame) -> String {
    format!(
        "{} base is not computed yet: its exact full-deck solve is too long for a table of figures (docs/PERFORMANCE.md); \
         ask for it explicitly with `parsheet analyze {} base --house-way NAME|FILE`, `parsheet strategy {} --house-way NAME|FILE` \
         or `--house-way foxwoods` on `verify` and `report` (about 3 to 5 minutes on two cores), \
         or solve a reduced deck with `parsheet strategy {} --deck TJQKA/3/joker`",
        g.game, g.game, g.game, g.game
    )
}

/// The reading `variant` names, checked, or the game's default.
pub fn reading(g: &StrategyGame, variant: Option<&str>) -> Result<&'static str, String> {
    match variant {
        None => Ok(g.variants[0].id),
        Some(v) => g.variants.iter().find(|x| x.id == v).map(|x| x.id).ok_or_else(|| {
            let ids: Vec<&str> = g.variants.iter().map(|x| x.id).collect();
            format!("unknown variant {v:?} of {} base; known variants: {}", g.game, ids.join(", "))
        }),
    }
}

/// Solves `g` under `variant` with the pay tables of `games`: the paytable `paytable` of its
/// wager (the only one when `None`) and the bonus table `bonus` (Heads-Up's Bad Beat; the only
/// one when `None`, none where the tables hold none). Face Up Pai Gow is solved only against a
/// house way named here, on the full deck.
pub fn solve(games: &[GameTables], g: &'static StrategyGame, variant: Option<&str>, paytable: Option<&str>, bonus: Option<&str>, house_way: Option<&str>) -> Result<Solved, String> {
    let reading = reading(g, variant)?;
    if g.needs_house_way() {
        let Some(spec) = house_way.or_else(|| HOUSE_WAY.get().map(String::as_str)) else { return Err(not_computed_yet(g)) };
        let (way, counts) = face_up_pai_gow_counts(g, spec)?;
        let solution = fupg::solution(&counts, fupg::Deck::FULL, reading, &way);
        return Ok(Solved { game: g, reading: reading.to_string(), paytable: None, bonus: None, house_way: Some(way.id.clone()), changed: Vec::new(), solution });
    }
    if house_way.is_some() {
        return Err(format!("--house-way: {} has no house way to choose (Face Up Pai Gow's dealer sets by one)", g.game));
    }
    if !g.needs_paytable() {
        if let Some(p) = paytable {
            return Err(format!("--paytable {p:?}: the {} main game does not depend on a paytable (its pays are fixed by the rules)", g.game));
        }
        return Ok(Solved { game: g, reading: reading.to_string(), paytable: None, bonus: None, house_way: None, changed: Vec::new(), solution: g.solve(Some(reading), None)? });
    }
    let entry = crate::analyze::select(games, g.game, g.wager, paytable)?;
    let tables = games.iter().find(|t| t.game == g.game).expect("select found the game");
    let bonus_table = match g.bonus_wager {
        Some(b) => crate::heads_up::bad_beat_table(tables, b, bonus)?,
        None if bonus.is_some() => return Err(format!("{} has no bonus paytable to choose", g.game)),
        None => None,
    };
    let solution = g.solve_with_bonus(Some(reading), Some(&entry.table), bonus_table)?;
    Ok(Solved { game: g, reading: reading.to_string(), paytable: Some(entry.table.id.clone()), bonus: bonus_table.map(|t| t.id.clone()), house_way: None, changed: entry.changed.clone(), solution })
}

fn ratio(n: u128, d: u128) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// The figures of a solution, in the keys every command and the report use (docs/JSON.md).
pub fn summary_json(s: &Solution) -> Map<String, Value> {
    let cycle = s.counts.cycle();
    let outcomes: Vec<Value> = s
        .counts
        .rows()
        .iter()
        .zip(&s.nets)
        .map(|((o, n), (_, net))| {
            let p = ratio(*n, cycle);
            json!({"outcome": o, "combinations": n.to_string(), "probability": fraction(&p), "probability_decimal": Decimal(&p).with_places(12), "net": fraction(net)})
        })
        .collect();
    let v = json!({
        "cycle": cycle.to_string(),
        "outcomes": outcomes,
        "house_edge": fraction(&s.house_edge()), "house_edge_percent": Decimal(&s.house_edge()).percent(6),
        "initial_wager": fraction(&s.initial_wager),
        "house_edge_per_initial_wager": fraction(&s.house_edge_per_initial_wager()),
        "house_edge_per_initial_wager_percent": Decimal(&s.house_edge_per_initial_wager()).percent(6),
        "average_wager": fraction(&s.expected_wager), "element_of_risk": fraction(&s.element_of_risk()),
        "element_of_risk_percent": Decimal(&s.element_of_risk()).percent(6),
        "payback_per_total_wagered": fraction(&s.payback_per_total_wagered()),
        "payback_per_total_wagered_percent": Decimal(&s.payback_per_total_wagered()).percent(6),
        "notes": s.notes,
    });
    match v {
        Value::Object(m) => m,
        _ => unreachable!("json! of an object"),
    }
}

/// The decisions of a solution, best play and the exact value of every option.
pub fn decisions_json(s: &Solution) -> Vec<Value> {
    s.strategy
        .iter()
        .map(|d| {
            json!({"situation": d.situation, "play": d.choice, "deals": d.deals.to_string(),
                "options": d.options.iter().map(|(o, x)| json!({"play": o, "expected_net": fraction(x), "expected_net_decimal": Decimal(x).with_places(6)})).collect::<Vec<_>>()})
        })
        .collect()
}

/// How often each action is taken, where the game has more than one decision.
pub fn actions_json(s: &Solution) -> Vec<Value> {
    s.actions
        .iter()
        .map(|(a, n)| json!({"action": a, "deals": n.to_string(), "frequency_percent": Decimal(&ratio(*n, s.counts.cycle())).percent(4)}))
        .collect()
}

/// The head of every document about a solved main game: which game, reading and tables.
pub fn head_json(x: &Solved) -> Map<String, Value> {
    let v = json!({"game": x.game.game, "wager": parsheet_games::MAIN, "title": x.game.title, "rules": x.game.rules,
        "reading": x.reading, "paytable": x.paytable, "bonus_paytable": x.bonus, "house_way": x.house_way});
    match v {
        Value::Object(m) => m,
        _ => unreachable!("json! of an object"),
    }
}

/// `analyze <game> base --format json`: the head and the figures.
pub fn analysis_json(x: &Solved) -> Value {
    let mut m = head_json(x);
    if !x.changed.is_empty() {
        m.insert("changed_lines".into(), crate::pays::changed_json(&x.changed));
    }
    m.extend(summary_json(&x.solution));
    Value::Object(m)
}

fn tables_words(x: &Solved) -> String {
    let mut words = vec![format!("reading {}", x.reading)];
    if let Some(p) = &x.paytable {
        words.push(format!("{} paytable {p}", x.game.wager));
    }
    if let Some(b) = &x.bonus {
        words.push(format!("{} paytable {b}", x.game.bonus_wager.unwrap_or("bonus")));
    }
    if let Some(w) = &x.house_way {
        words.push(format!("house way {}", parsheet_tables::printable(w)));
    }
    words.join(", ")
}

/// `analyze <game> base` as a table (or Markdown): each outcome's net per Ante, its deals, its
/// probability and its share of the expected net; then the house edge on each basis.
pub fn analysis_text(x: &Solved, markdown: bool) -> String {
    let s = &x.solution;
    let mut out = String::new();
    let head = format!("{} base — {} (§ {}), optimal strategy; {}", x.game.game, x.game.title, x.game.rules, tables_words(x));
    let changed = x.paytable.as_deref().and_then(|p| crate::pays::changed_text(p, &x.changed)).map(|c| format!("{c}\n\n")).unwrap_or_default();
    if markdown {
        out += &format!("### {head}\n\n{changed}| outcome | net per Ante | combinations | probability | return |\n|---|--:|--:|--:|--:|\n");
    } else {
        out += &format!("{head}\n\n{changed}");
    }
    let w = s.counts.rows().iter().map(|r| r.0.len()).max().unwrap_or(7).max(7);
    if !markdown {
        out += &format!("{:<w$}  {:>14}  {:>22}  {:>12}  {:>12}\n", "outcome", "net per Ante", "combinations", "probability", "return");
    }
    let cycle = s.counts.cycle();
    for ((o, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        let p = ratio(*n, cycle);
        let (pd, rd) = (Decimal(&p).with_places(10), Decimal(&(&p * net)).with_places(10));
        if markdown {
            out += &format!("| {o} | {} | {n} | {pd} | {rd} |\n", fraction(net));
        } else {
            out += &format!("{o:<w$}  {:>14}  {n:>22}  {pd:>12}  {rd:>12}\n", fraction(net));
        }
    }
    let mut summary = vec![
        ("cycle", cycle.to_string()),
        ("house edge per Ante", format!("{}% = {}", Decimal(&s.house_edge()).percent(6), fraction(&s.house_edge()))),
    ];
    if s.initial_wager != BigRational::from_integer(1.into()) {
        let e = s.house_edge_per_initial_wager();
        summary.push(("per initial wager", format!("{}% = {} ({} Antes wagered before the deal)", Decimal(&e).percent(6), fraction(&e), fraction(&s.initial_wager))));
    }
    summary.push(("average total wagered", format!("{} Antes = {}", Decimal(&s.expected_wager).with_places(6), fraction(&s.expected_wager))));
    summary.push(("element of risk", format!("{}% = {}", Decimal(&s.element_of_risk()).percent(6), fraction(&s.element_of_risk()))));
    summary.push(("payback per total wagered", format!("{}% = {}", Decimal(&s.payback_per_total_wagered()).percent(6), fraction(&s.payback_per_total_wagered()))));
    out += "\n";
    for (k, v) in summary {
        out += &if markdown { format!("- {k}: {v}\n") } else { format!("{k:>25}: {v}\n") };
    }
    for n in &s.notes {
        out += &if markdown { format!("- note: {n}\n") } else { format!("{:>25}: {n}\n", "note") };
    }
    if !markdown {
        out += &format!("\nthe decisions: parsheet strategy {}\n", x.game.game);
    }
    out
}

/// `analyze <game> base --format csv`: one row per outcome.
pub fn analysis_csv(x: &Solved) -> String {
    let s = &x.solution;
    let mut out = String::from("outcome,net,combinations,probability,return,probability_decimal,return_decimal");
    let changed = crate::analyze::changed_columns(x.paytable.as_deref().unwrap_or_default(), &x.changed);
    out += if changed.is_empty() { "\n" } else { ",paytable,changed_lines\n" };
    for ((o, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        let p = ratio(*n, s.counts.cycle());
        let r = &p * net;
        out += &format!("{o},{},{n},{},{},{},{}{changed}\n", fraction(net), fraction(&p), fraction(&r), Decimal(&p).with_places(12), Decimal(&r).with_places(12));
    }
    out
}
