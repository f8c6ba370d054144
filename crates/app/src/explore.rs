//! Paytable design (`parsheet explore`, the designer page): the sensitivity of the edge to each
//! line, the pay one line needs for a target edge (DJ Wild's Blind with its strategy re-solved
//! per pay; Heads-Up's Bad Beat through the main game), and a search of whole-number paytables.
//! Each answer is a document (docs/JSON.md, "explore") and its text, and the paytable a caller
//! may write as a table file.

use std::fmt::Write as _;

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use parsheet_paytable::explore::{sensitivity, solve_line, with_pay};
use parsheet_paytable::search::{LineBounds, Outcome, PayKind, Rank, Search, MAX_LIMIT};
use parsheet_paytable::{analyze, fraction, Decimal, Pay, Paytable, MAX_PAY};

use serde_json::json;

use crate::progress::Task as Progress;

/// What to explore: a wager (and paytable, reading, a typed `--pays`) and what to do with it.
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub game: String,
    pub wager: String,
    pub paytable: Option<String>,
    pub variant: Option<String>,
    pub pays: Option<String>,
    /// Solve for the pay that gives this house edge, e.g. "5%" (on `line`, or on every line).
    pub target_edge: Option<String>,
    pub line: Option<String>,
    /// Search whole-number paytables with house edge in "LOW..HIGH", e.g. "2%..6%".
    pub search: Option<String>,
    /// `OUTCOME=MIN..MAX` bounds of the search.
    pub bounds: Vec<String>,
    pub any_order: bool,
    pub rank_by: RankBy,
    pub limit: usize,
    pub max_nodes: u64,
    /// Whether the caller will write the best (or solved) paytable as a table file.
    pub write: bool,
    /// The id the written paytable gets (the file's name, say); by default the starting
    /// table's id with `-solved` or `-explored`.
    pub write_id: Option<String>,
}

/// The answer: the document, its text, and the paytable to write where one was asked for.
pub struct Explored {
    pub doc: serde_json::Map<String, serde_json::Value>,
    pub text: String,
    /// The table file (its paytable id and the file's text) to write.
    pub file: Option<(String, String)>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RankBy {
    #[default]
    Closeness,
    HitFrequency,
    Volatility,
}

/// About a second of search on one core.
pub const DEFAULT_NODES: u64 = 10_000_000;
pub const MAX_NODES: u64 = 10_000_000_000;

fn percent(text: &str) -> Result<BigRational, String> {
    let t = text.trim();
    let number = t.strip_suffix('%').ok_or_else(|| format!("{text:?} is not a percentage like 5%"))?;
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let (neg, int) = int.strip_prefix('-').map_or((false, int), |i| (true, i));
    if int.is_empty() || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) || number.len() > 12 {
        return Err(format!("{text:?} is not a percentage like 5%"));
    }
    let digits: num_bigint::BigInt = format!("{int}{frac}").parse().unwrap();
    let v = BigRational::new(digits, num_bigint::BigInt::from(10).pow(frac.len() as u32 + 2));
    Ok(if neg { -v } else { v })
}

fn bound(text: &str) -> Result<(String, u64, u64), String> {
    let err = || format!("--bound {text:?} is not a bound like full-house=5..9");
    let (outcome, range) = text.split_once('=').ok_or_else(err)?;
    let (min, max) = range.split_once("..").ok_or_else(err)?;
    let (min, max): (u64, u64) = (min.trim().parse().map_err(|_| err())?, max.trim().parse().map_err(|_| err())?);
    if min > max || max > MAX_PAY {
        return Err(format!("--bound {text:?}: bounds must satisfy min <= max <= {MAX_PAY}"));
    }
    Ok((outcome.trim().to_string(), min, max))
}

/// How a line of the starting paytable is searched: "n for 1" lines stay "for", others "to".
fn kind_of(table: &Paytable, outcome: &str) -> PayKind {
    if matches!(table.pay(outcome), Some(Pay::For(_))) {
        PayKind::For
    } else {
        PayKind::To
    }
}

/// The default search space: each whole-number "to" or "for" line from 1 to 1 (a "for" line
/// from 2 for 1) to twice its pay, capped at the largest pay. A searched line never drops to a
/// push or a loss by default: a table whose hand pays nothing is a different design (and ranks
/// well on closeness with a hit frequency far below the original's); `--bound LINE=0..N` lets
/// it. Push, fractional and meter lines stay as they are.
fn default_bounds(table: &Paytable) -> Vec<LineBounds> {
    table
        .lines
        .iter()
        .filter_map(|l| {
            let (kind, x, min) = match &l.pay {
                Pay::To(x) if x.is_integer() => (PayKind::To, x, 1),
                Pay::For(x) if x.is_integer() => (PayKind::For, x, 2),
                _ => return None,
            };
            let x: u64 = x.to_integer().try_into().ok()?;
            Some(LineBounds { outcome: l.outcome.clone(), kind, min, max: x.saturating_mul(2).min(MAX_PAY).max(min) })
        })
        .collect()
}

/// The range of `--search`, checked.
fn search_range(range: &str) -> Result<(BigRational, BigRational), String> {
    let (lo, hi) = range.split_once("..").ok_or_else(|| format!("--search {range:?} is not a range like 2%..6%"))?;
    let (lo, hi) = (percent(lo).map_err(|e| format!("--search: {e}"))?, percent(hi).map_err(|e| format!("--search: {e}"))?);
    if lo > hi {
        return Err(format!("--search {range:?}: the low end is above the high end"));
    }
    let places_ok = |x: &BigRational| x.denom() <= &num_bigint::BigInt::from(100_000_000u64);
    if !places_ok(&lo) || !places_ok(&hi) {
        return Err(format!("--search {range:?}: give at most 6 decimal places"));
    }
    Ok((lo, hi))
}

/// One line solved for a target edge: the exact pay `x` (`None` where the line's pay cannot move
/// the edge, `never` says why), then the nearest whole pays with the edge each gives by
/// `edge_at`. Written as a text line into `out` and returned as JSON (docs/JSON.md) with the
/// whole pay below `x`, which `--write` uses. Every explore path prints its lines through here.
fn solved_line(
    out: &mut String,
    o: &str,
    width: usize,
    x: Option<BigRational>,
    never: &str,
    edge_at: &dyn Fn(&BigRational) -> Result<BigRational, String>,
) -> Result<(serde_json::Value, Option<(BigRational, BigRational)>), String> {
    use serde_json::json;
    match x {
        None => {
            let _ = writeln!(out, "  {o:<width$} {never}");
            Ok((json!({"outcome": o, "status": "cannot-move-edge", "exact_pay": null, "nearest": []}), None))
        }
        Some(x) if x.is_negative() => {
            let _ = writeln!(out, "  {o:<width$} impossible: would need a negative pay ({})", fraction(&x));
            Ok((json!({"outcome": o, "status": "negative-pay", "exact_pay": fraction(&x), "nearest": []}), None))
        }
        Some(x) if x >= BigRational::from_integer(MAX_PAY.into()) => {
            let _ = writeln!(out, "  {o:<width$} out of range: would need {} to 1, at or above the largest pay parsheet takes ({MAX_PAY} to 1)", Decimal(&x).with_places(4));
            Ok((json!({"outcome": o, "status": "above-max-pay", "exact_pay": fraction(&x), "nearest": []}), None))
        }
        Some(x) => {
            let (below, above) = (x.floor(), x.ceil());
            let mut nearest = vec![(below.clone(), edge_at(&below)?)];
            if above != below {
                nearest.push((above.clone(), edge_at(&above)?));
            }
            let near: Vec<String> = nearest.iter().map(|(p, e)| format!("{} to 1 gives {}%", p.to_integer(), Decimal(e).percent(4))).collect();
            let _ = writeln!(out, "  {o:<width$} exactly {} to 1 ({}); {}", Decimal(&x).with_places(4), fraction(&x), near.join(", "));
            let rows: Vec<_> = nearest.iter().map(|(p, e)| json!({"pays": format!("{} to 1", p.to_integer()), "house_edge": fraction(e), "house_edge_percent": Decimal(e).percent(6)})).collect();
            let edge_below = nearest[0].1.clone();
            Ok((json!({"outcome": o, "status": "solved", "exact_pay": fraction(&x), "exact_pay_decimal": Decimal(&x).with_places(6), "nearest": rows}), Some((below, edge_below))))
        }
    }
}

/// The id of a table written from `id`: `C-solved`, and `C-pays-solved` from `C+pays` (a table
/// file's id has no "+").
fn derived_id(id: &str, suffix: &str) -> String {
    format!("{}-{suffix}", id.replace('+', "-"))
}

/// The table file of `table` (explored from `start`, giving house edge `edge`), under the id
/// asked for, and what it holds said in the text and the document (`written`): the lines that
/// differ from the starting table and the edge, so the file needs no second command to read.
#[allow(clippy::too_many_arguments)]
fn to_file(
    games: &[parsheet_tables::GameTables],
    (game, wager): (&str, &str),
    start: &Paytable,
    (mut table, edge): (Paytable, BigRational),
    args: &Request,
    what: &str,
    out: &mut String,
    doc: &mut serde_json::Map<String, serde_json::Value>,
) -> Result<(String, String), String> {
    if let Some(id) = &args.write_id {
        table.id = id.clone();
    }
    let g = games.iter().find(|g| g.game == game).expect("selected above");
    let w = g.wagers.iter().find(|w| w.id == wager).expect("selected above");
    let changed: Vec<(String, String, String)> = table
        .lines
        .iter()
        .filter(|l| start.pay(&l.outcome) != Some(&l.pay))
        .map(|l| (l.outcome.clone(), l.pay.to_string(), start.pay(&l.outcome).map_or("loses".into(), |p| p.to_string())))
        .collect();
    let said: Vec<String> = changed.iter().map(|(o, now, was)| format!("{o} {now} (was {was})")).collect();
    let _ = writeln!(
        out,
        "\npaytable {} to write: {}; house edge {}% = {}",
        table.id,
        if said.is_empty() { format!("the pays of {}", start.id) } else { said.join(", ") },
        Decimal(&edge).percent(6),
        fraction(&edge)
    );
    doc.insert(
        "written".into(),
        json!({
            "paytable": table.id, "from": start.id, "house_edge": fraction(&edge), "house_edge_percent": Decimal(&edge).percent(6),
            "changed": changed.iter().map(|(o, now, was)| json!({"outcome": o, "pays": now, "was": was})).collect::<Vec<_>>(),
        }),
    );
    // The file the starting table was read from (an added --with-tables file, say), not the game's first.
    let file = w.paytable(&start.id).map_or(&g.file, |p| &p.file);
    let note = format!("Explored by parsheet from {what} {} of {file}", start.id);
    Ok((table.id.clone(), parsheet_tables::single_paytable_file(g, w, &table, &note)))
}

/// Where `--pays` changed lines of the starting table: a line of the text, `changed_lines` in the
/// JSON.
fn say_changed(entry: &parsheet_tables::PaytableEntry, out: &mut String, doc: &mut serde_json::Map<String, serde_json::Value>) {
    if let Some(text) = crate::pays::changed_text(&entry.table.id, &entry.changed) {
        let _ = writeln!(out, "{text}\n");
        doc.insert("changed_lines".into(), serde_json::to_value(crate::pays::changed_records(&entry.changed)).expect("records serialize"));
    }
}

/// Explores `req` over the paytables `games`.
pub fn explore(mut games: Vec<parsheet_tables::GameTables>, req: &Request) -> Result<Explored, String> {
    let args = req;
    if args.game == "heads-up-holdem" && args.wager == "bad-beat" {
        return heads_up_bad_beat(games, args);
    }
    let wager = match parsheet_games::lookup(&args.game, &args.wager)? {
        parsheet_games::Model::Main(g) if g.game == "dj-wild" => return dj_wild_base(games, args, g),
        parsheet_games::Model::Main(g) if g.game == "heads-up-holdem" => {
            return Err("heads-up-holdem base: explore its Bad Beat table, which the main game plays: `parsheet explore heads-up-holdem bad-beat --tables DIR --target-edge 3%`".into())
        }
        parsheet_games::Model::Main(g) => {
            return Err(format!("{} base: explore designs pay tables, and this main game's pays are fixed by the rules or not searched; its figures: `parsheet analyze {} base`", g.game, g.game))
        }
        parsheet_games::Model::Counted(w) => w,
    };
    let paytable = crate::pays::apply(&mut games, &args.game, &args.wager, args.pays.as_deref(), args.paytable.as_deref())?;
    let entry = crate::inputs::select(&games, &args.game, &args.wager, paytable.as_deref())?;
    let table = &entry.table;
    // Every argument is checked before anything is computed or printed.
    let outcomes = || wager.outcomes.join(", ");
    if let Some(o) = &args.line {
        if !wager.has_outcome(o) {
            return Err(format!("--line {o:?} is not an outcome of {} {}; outcomes: {}", args.game, args.wager, outcomes()));
        }
        if args.target_edge.is_none() {
            return Err("--line needs --target-edge: the edge to solve the line for".into());
        }
    }
    let target = args.target_edge.as_deref().map(|t| percent(t).map_err(|e| format!("--target-edge: {e}"))).transpose()?;
    let range = args.search.as_deref().map(search_range).transpose()?;
    if range.is_none() && !args.bounds.is_empty() {
        return Err("--bound needs --search".into());
    }
    let mut bounds = Vec::new();
    for b in &args.bounds {
        let (outcome, min, max) = bound(b)?;
        if !wager.has_outcome(&outcome) {
            return Err(format!("--bound {b:?}: {outcome:?} is not an outcome of {} {}; outcomes: {}", args.game, args.wager, outcomes()));
        }
        if bounds.iter().any(|o: &LineBounds| o.outcome == outcome) {
            return Err(format!("--bound {b:?}: {outcome} already has a bound; give one range per line"));
        }
        bounds.push(LineBounds { kind: kind_of(table, &outcome), outcome, min, max });
    }
    if args.limit == 0 || args.limit > MAX_LIMIT {
        return Err(format!("--limit {}: give from 1 to {MAX_LIMIT} results", args.limit));
    }
    if args.max_nodes == 0 || args.max_nodes > MAX_NODES {
        return Err(format!("--max-nodes {}: give from 1 to {MAX_NODES}", args.max_nodes));
    }
    if args.write {
        if range.is_none() && !(target.is_some() && args.line.is_some()) {
            return Err("nothing to write: --write needs --search, or --target-edge with --line".into());
        }
    }
    wager.reading(args.variant.as_deref())?;
    let (reading, _) = crate::inputs::reading_of(crate::inputs::select_wager(&games, &args.game, &args.wager)?, entry, wager, args.variant.as_deref());
    let counts = wager.count(reading.as_deref())?;
    let base = analyze(&counts, table).map_err(|e| format!("{} {} paytable {}: {e}", args.game, args.wager, table.id))?;

    // The report is built whole and printed at the end, so a failure prints nothing.
    let mut out = String::new();
    let _ = writeln!(out, "{} {} from paytable {}: house edge {}% = {}\n", args.game, args.wager, table.id, Decimal(&base.house_edge).percent(6), fraction(&base.house_edge));
    let mut doc = serde_json::Map::new();
    doc.insert("game".into(), json!(args.game));
    doc.insert("wager".into(), json!(args.wager));
    doc.insert("paytable".into(), json!(table.id));
    say_changed(entry, &mut out, &mut doc);
    doc.insert("house_edge".into(), json!(fraction(&base.house_edge)));
    doc.insert("house_edge_percent".into(), json!(Decimal(&base.house_edge).percent(6)));
    let mut to_write: Option<(Paytable, BigRational)> = None;

    if let Some(target) = &target {
        let lines: Vec<&str> = match &args.line {
            Some(o) => vec![o.as_str()],
            None => wager.outcomes.to_vec(),
        };
        let _ = writeln!(out, "pay each line needs for a house edge of {}% (the others unchanged):", Decimal(target).percent(4));
        let mut rows = Vec::new();
        for o in lines {
            let x = solve_line(&counts, table, o, target).map_err(|e| e.to_string())?;
            let edge_at = |n: &BigRational| analyze(&counts, &with_pay(table, o, Pay::To(n.clone()))).map(|a| a.house_edge).map_err(|e| e.to_string());
            let (row, below) = solved_line(&mut out, o, 36, x, "never happens; its pay cannot move the edge", &edge_at)?;
            rows.push(row);
            if let (Some((below, edge)), true) = (below, args.line.is_some()) {
                // The line keeps its kind: a "for" line is written "n for 1".
                let pay = match kind_of(table, o) {
                    PayKind::For => Pay::For(below + BigRational::one()),
                    PayKind::To => Pay::To(below.max(BigRational::zero())),
                };
                to_write = Some((Paytable { id: derived_id(&table.id, "solved"), ..with_pay(table, o, pay) }, edge));
            }
        }
        doc.insert("target_edge".into(), json!(fraction(target)));
        doc.insert("lines".into(), json!(rows));
        out.push('\n');
    }

    if let Some((lo, hi)) = &range {
        let bounds = if bounds.is_empty() { default_bounds(table) } else { bounds };
        let rank = match args.rank_by {
            RankBy::Closeness => Rank::Closeness,
            RankBy::HitFrequency => Rank::HitFrequency,
            RankBy::Volatility => Rank::Volatility,
        };
        let searched: Vec<String> = bounds.iter().map(|b| format!("{} {}..{}{}", b.outcome, b.min, b.max, if b.kind == PayKind::For { " for 1" } else { "" })).collect();
        let search = Search { counts: &counts, base: table, bounds, monotonic: !args.any_order, low: lo.clone(), high: hi.clone(), rank, limit: args.limit, max_nodes: args.max_nodes };
        let progress = Progress::new("searching paytables", args.max_nodes);
        // Through the store of counts: the whole search, one shard of it, a cached or a merged result.
        let key = search.key(&format!("{} {}", args.game, args.wager));
        let found = parsheet_shard::counted(&key, |shard| search.run_shard(shard, |n| progress.set(n)).map(|o| o.to_tally()).map_err(|e| e.to_string()));
        progress.finish();
        let found = Outcome::from_tally(&found?, &search)?;
        let _ = writeln!(out, "searched: {} (other lines as in paytable {})", if searched.is_empty() { "no line".into() } else { searched.join(", ") }, table.id);
        let _ = writeln!(out, "paytables with house edge {}% to {}%, best by {} ({} shown):", Decimal(lo).percent(4), Decimal(hi).percent(4), rank_name(args.rank_by), found.candidates.len());
        for c in &found.candidates {
            let pays: Vec<String> = c.table.lines.iter().map(|l| format!("{} {}", l.outcome, l.pay)).collect();
            let _ = writeln!(
                out,
                "  edge {}%  hit {}%  sd {:.4}:  {}",
                Decimal(&c.analysis.house_edge).percent(4),
                Decimal(&c.analysis.hit_frequency).percent(3),
                c.analysis.standard_deviation(),
                pays.join(", ")
            );
        }
        if found.complete {
            let _ = writeln!(out, "searched the whole space: {} nodes", found.nodes);
        } else {
            let _ = writeln!(
                out,
                "stopped early after {} nodes (--max-nodes {}): these are the best of the paytables visited, not necessarily of the whole space; raise --max-nodes or narrow --bound",
                found.nodes, args.max_nodes
            );
        }
        out.push('\n');
        doc.insert("search".into(), json!({
            "low": fraction(lo), "high": fraction(hi), "rank_by": rank_name(args.rank_by), "complete": found.complete, "nodes": found.nodes.to_string(),
            "candidates": found.candidates.iter().map(|c| json!({
                "house_edge": fraction(&c.analysis.house_edge), "house_edge_percent": Decimal(&c.analysis.house_edge).percent(6),
                "hit_frequency": fraction(&c.analysis.hit_frequency), "standard_deviation": format!("{:.6}", c.analysis.standard_deviation()),
                "lines": c.table.lines.iter().map(|l| json!({"outcome": l.outcome, "pays": l.pay.to_string()})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        }));
        if let Some(best) = found.candidates.first() {
            to_write = Some((Paytable { id: derived_id(&table.id, "explored"), ..best.table.clone() }, best.analysis.house_edge.clone()));
        }
    }

    if target.is_none() && range.is_none() {
        let _ = writeln!(out, "sensitivity: change in house edge per unit of pay on each line");
        doc.insert("sensitivity".into(), sensitivity_rows(&mut out, &counts, wager.outcomes, 36));
    }

    let mut file = None;
    if args.write {
        let t = to_write.ok_or("nothing to write: the search found no paytable in the range")?;
        file = Some(to_file(&games, (&args.game, &args.wager), table, t, args, "paytable", &mut out, &mut doc)?);
    }
    Ok(Explored { doc, text: out, file })
}

/// The change in house edge per unit of pay on each line, as text into `out` and as JSON.
fn sensitivity_rows(out: &mut String, counts: &parsheet_paytable::OutcomeCounts, lines: &[&str], width: usize) -> serde_json::Value {
    let rows: Vec<_> = lines
        .iter()
        .map(|o| {
            let s = sensitivity(counts, o).unwrap_or_default();
            let _ = writeln!(out, "  {o:<width$} {:>14}%  ({})", Decimal(&s).percent(6), fraction(&s));
            json!({"outcome": o, "per_unit": fraction(&s), "per_unit_percent": Decimal(&s).percent(6)})
        })
        .collect();
    json!(rows)
}

fn rank_name(r: RankBy) -> &'static str {
    match r {
        RankBy::Closeness => "closeness to the middle",
        RankBy::HitFrequency => "hit frequency",
        RankBy::Volatility => "lowest volatility",
    }
}

/// Heads-Up Hold 'Em's Bad Beat (677a.12(c), missing from the text) is paid on the Odds of the
/// main game, so a table's effect is measured on the main game's house edge per Ante. The main
/// game is solved once for the starting table; by the theorem of
/// `parsheet_games::strategy::heads_up::bad_beat_counts` (straights and better never fold when
/// every pay is at least a push, so the strategy's values shift alike), the edge under any other
/// such table is the starting edge plus the change in the Bad Beat's own analysis.
fn heads_up_bad_beat(mut games: Vec<parsheet_tables::GameTables>, args: &Request) -> Result<Explored, String> {
    use parsheet_games::strategy::heads_up::{bad_beat_counts, bad_beat_is_linear, solve_cached, Config};
    if args.search.is_some() {
        return Err("--search is not available for the Bad Beat; use --target-edge (with or without --line)".into());
    }
    // Every argument is checked before anything is computed or printed.
    let target = args.target_edge.as_deref().map(|t| percent(t).map_err(|e| format!("--target-edge: {e}"))).transpose()?;
    if args.write {
        if !(target.is_some() && args.line.is_some()) {
            return Err("nothing to write: --write needs --target-edge with --line".into());
        }
    }
    let game = "heads-up-holdem";
    let paytable = crate::pays::apply(&mut games, game, "bad-beat", args.pays.as_deref(), args.paytable.as_deref())?;
    let entry = crate::inputs::select(&games, game, "bad-beat", paytable.as_deref())
        .map_err(|e| format!("{e} (the starting Bad Beat table is yours: 677a.12(c) is missing from the text)"))?;
    let t0 = &entry.table;
    let odds = &crate::inputs::select(&games, game, "odds", None)?.table;
    let variant = args.variant.clone().unwrap_or_else(|| "odds-push-below-pair".to_string());
    let config = Config::heads_up(&variant, odds, Some(t0))?;
    if !bad_beat_is_linear(&config) {
        return Err(format!(
            "Bad Beat paytable {}: give every category from straight to straight-flush a pay of at least Push; the edge is linear in the pays (and the strategy fixed) only then",
            t0.id
        ));
    }
    let x = solve_cached(&config)?;
    let mut out = String::new();
    let counts = bad_beat_counts(&x);
    let main = -x.expected_net();
    let bb = |t: &Paytable| analyze(&counts, t).map(|a| a.house_edge).map_err(|e| e.to_string());
    let offset = &main - bb(t0)?;
    let _ = writeln!(
        out,
        "heads-up-holdem main game with Bad Beat paytable {} (reading {variant}): house edge per Ante {}% = {}\n",
        t0.id,
        Decimal(&main).percent(6),
        fraction(&main)
    );
    let lines: Vec<&str> = match &args.line {
        Some(o) if counts.rows().iter().any(|r| r.0 == *o && o != "other") => vec![o.as_str()],
        Some(o) => return Err(format!("{o:?} is not a Bad Beat line; lines: straight, flush, full-house, four-of-a-kind, straight-flush")),
        None => vec!["straight", "flush", "full-house", "four-of-a-kind", "straight-flush"],
    };
    let mut doc = serde_json::Map::new();
    doc.insert("game".into(), json!(game));
    doc.insert("wager".into(), json!("bad-beat"));
    doc.insert("paytable".into(), json!(t0.id));
    say_changed(entry, &mut out, &mut doc);
    doc.insert("reading".into(), json!(variant));
    doc.insert("main_game_house_edge".into(), json!(fraction(&main)));
    doc.insert("main_game_house_edge_percent".into(), json!(Decimal(&main).percent(6)));
    let mut to_write = None;
    if let Some(target) = &target {
        let _ = writeln!(out, "pay each line needs for a main-game house edge of {}% per Ante (the others unchanged):", Decimal(target).percent(4));
        let mut rows = Vec::new();
        for o in lines {
            let x = solve_line(&counts, t0, o, &(target - &offset)).map_err(|e| e.to_string())?;
            let edge_at = |n: &BigRational| -> Result<BigRational, String> { Ok(&offset + bb(&with_pay(t0, o, Pay::To(n.clone())))?) };
            let (row, below) = solved_line(&mut out, o, 16, x, "never loses to a qualifying dealer; its pay cannot move the edge", &edge_at)?;
            rows.push(row);
            if let (Some((below, edge)), true) = (below, args.line.is_some()) {
                to_write = Some((Paytable { id: derived_id(&t0.id, "solved"), ..with_pay(t0, o, Pay::To(below.max(BigRational::zero()))) }, edge));
            }
        }
        doc.insert("target_edge".into(), json!(fraction(target)));
        doc.insert("lines".into(), json!(rows));
    } else {
        let _ = writeln!(out, "sensitivity: change in the main game's house edge per Ante per unit of pay on each line");
        doc.insert("sensitivity".into(), sensitivity_rows(&mut out, &counts, &lines, 16));
    }
    let mut file = None;
    if args.write {
        let t = to_write.ok_or("nothing to write: --write needs --target-edge with --line")?;
        file = Some(to_file(&games, (game, "bad-beat"), t0, t, args, "Bad Beat paytable", &mut out, &mut doc)?);
    }
    Ok(Explored { doc, text: out, file })
}

/// DJ Wild's main game (`base`) explored through its Blind table (687a.12(b)). The strategy
/// depends on the Blind's pays, so every candidate pay is solved with its own strategy
/// (`parsheet_games::strategy::dj_wild::solve_blind_line`); the edge is the main game's house
/// edge per Ante, as `parsheet strategy dj-wild --tables DIR` prints it for the same table.
fn dj_wild_base(mut games: Vec<parsheet_tables::GameTables>, args: &Request, g: &'static parsheet_games::strategy::StrategyGame) -> Result<Explored, String> {
    use parsheet_games::strategy::dj_wild::{solve_blind_line, BLIND_OUTCOMES};
    if args.search.is_some() {
        return Err("--search is not available for dj-wild base: its edge is not linear in the Blind pays (the strategy changes with them); use --target-edge with or without --line".into());
    }
    if !args.bounds.is_empty() {
        return Err("--bound needs --search, which dj-wild base does not offer".into());
    }
    // Every argument is checked before anything is computed or printed.
    let target = args.target_edge.as_deref().map(|t| percent(t).map_err(|e| format!("--target-edge: {e}"))).transpose()?;
    if let Some(o) = &args.line {
        if !BLIND_OUTCOMES.contains(&o.as_str()) {
            return Err(format!("--line {o:?} is not a line of the DJ Wild Blind table; lines: {}", BLIND_OUTCOMES.join(", ")));
        }
        if target.is_none() {
            return Err("--line needs --target-edge: the edge to solve the line for".into());
        }
    }
    if args.write {
        if !(target.is_some() && args.line.is_some()) {
            return Err("nothing to write: --write needs --target-edge with --line".into());
        }
    }
    // A one-off Blind table to start from.
    let paytable = crate::pays::apply(&mut games, g.game, g.wager, args.pays.as_deref(), args.paytable.as_deref())?;
    let (reading, _) = crate::inputs::main_game_reading(g, &games, args.variant.as_deref())?;
    let entry = crate::inputs::select(&games, g.game, g.wager, paytable.as_deref())?;
    let t0 = &entry.table;
    let started = std::time::Instant::now();
    let s0 = g.solve(Some(reading), Some(t0))?;
    let mut solves = 1;
    let main = s0.house_edge();
    let mut out = String::new();
    let _ = writeln!(out, "dj-wild base with Blind paytable {} (reading {reading}): house edge per Ante {}% = {}\n", t0.id, Decimal(&main).percent(6), fraction(&main));
    let mut doc = serde_json::Map::new();
    doc.insert("game".into(), json!(g.game));
    doc.insert("wager".into(), json!(parsheet_games::MAIN));
    doc.insert("paytable".into(), json!(t0.id));
    say_changed(entry, &mut out, &mut doc);
    doc.insert("reading".into(), json!(reading));
    doc.insert("house_edge".into(), json!(fraction(&main)));
    doc.insert("house_edge_percent".into(), json!(Decimal(&main).percent(6)));
    let lines: Vec<&str> = match &args.line {
        Some(o) => vec![o.as_str()],
        None => BLIND_OUTCOMES.to_vec(),
    };
    let mut to_write = None;
    if let Some(target) = &target {
        let _ = writeln!(out, "Blind pay each line needs for a main-game house edge of {}% per Ante (the others unchanged; the strategy re-solved for every pay tried):", Decimal(target).percent(4));
        let mut rows = Vec::new();
        for o in lines {
            let x = solve_blind_line(t0, o, target)?;
            solves += 1;
            let edge_at = |p: &BigRational| -> Result<BigRational, String> { Ok(g.solve(Some(reading), Some(&with_pay(t0, o, Pay::To(p.clone()))))?.house_edge()) };
            let (row, below) = solved_line(&mut out, o, 24, x, "no pay of this line reaches the target (the edge with it never raised is below the target, or a raised hand never wins on it)", &edge_at)?;
            solves += row["nearest"].as_array().map_or(0, Vec::len);
            rows.push(row);
            if let (Some((below, edge)), true) = (below, args.line.is_some()) {
                to_write = Some((Paytable { id: derived_id(&t0.id, "solved"), ..with_pay(t0, o, Pay::To(below.max(BigRational::zero()))) }, edge));
            }
        }
        doc.insert("target_edge".into(), json!(fraction(target)));
        doc.insert("lines".into(), json!(rows));
    } else {
        // The derivative of the edge at the current table: P(a raised hand wins on the line).
        let _ = writeln!(out, "sensitivity: change in the house edge per Ante per unit of Blind pay on each line, at this table's strategy");
        let outcomes: Vec<String> = lines.iter().map(|o| format!("win-{o}")).collect();
        let rows: Vec<_> = lines
            .iter()
            .zip(&outcomes)
            .map(|(o, win)| {
                let s = sensitivity(&s0.counts, win).unwrap_or_default();
                let _ = writeln!(out, "  {o:<24} {:>14}%  ({})", Decimal(&s).percent(6), fraction(&s));
                json!({"outcome": o, "per_unit": fraction(&s), "per_unit_percent": Decimal(&s).percent(6)})
            })
            .collect();
        doc.insert("sensitivity".into(), json!(rows));
    }
    let seconds = started.elapsed().as_secs_f64();
    let _ = writeln!(out, "\n{solves} solve{} of the main game in {seconds:.1} s (a solve: the Raise/fold decision of all 2,869,685 player hands; the matchups are counted once; a line's exact pay sorts its hands by the pay at which they start to raise)", if solves == 1 { "" } else { "s" });
    doc.insert("solves".into(), json!(solves));
    let mut file = None;
    if args.write {
        let t = to_write.ok_or("nothing to write: the line has no whole pay for the target")?;
        file = Some(to_file(&games, (g.game, g.wager), t0, t, args, "Blind paytable", &mut out, &mut doc)?);
    }
    Ok(Explored { doc, text: out, file })
}
