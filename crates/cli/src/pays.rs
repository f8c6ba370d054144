//! `--pays "7-card-flush=300 to 1,6-card-flush=100 to 1,..."`: a one-off paytable typed on the
//! command line, for `analyze`, `explore` and `report`. It is written as a table file of the
//! `tables/` schema and read by the same reader, so it gets exactly the checks a file gets
//! (outcomes the wager has, pays in the regulation's words and within the limits, no outcome
//! twice); it joins the wager's paytables as paytable `custom`.

use parsheet_tables::GameTables;
use serde_json::json;

/// The id the one-off table gets.
pub const ID: &str = "custom";

#[derive(clap::Args, Clone, Default)]
pub struct PaysArg {
    /// A one-off paytable, OUTCOME=PAY items separated by commas, e.g. "7-card-flush=300 to
    /// 1,6-card-flush=100 to 1"; checked as a table file is, and named paytable "custom".
    #[arg(long, value_name = "OUTCOME=PAY,...")]
    pub pays: Option<String>,
}

/// The items of a spec. A comma also separates thousands ("1,000 to 1"), so a comma starts a
/// new item only where the text after it names an outcome (holds an "=" before the next comma).
fn items(spec: &str) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (i, part) in spec.split(',').enumerate() {
        match part.split_once('=') {
            Some((o, p)) => out.push((o.trim().to_string(), p.trim().to_string())),
            None if i > 0 && !out.is_empty() => out.last_mut().expect("checked").1.push_str(&format!(",{part}")),
            None => return Err(format!("--pays {spec:?}: expected OUTCOME=PAY items separated by commas, e.g. \"7-card-flush=300 to 1,6-card-flush=100 to 1\"")),
        }
    }
    if let Some((o, _)) = out.iter().find(|(o, p)| o.is_empty() || p.is_empty()) {
        return Err(format!("--pays {spec:?}: an item has no {}", if o.is_empty() { "outcome before its \"=\"" } else { "pay after its \"=\"" }));
    }
    if out.is_empty() {
        return Err("--pays is empty: give OUTCOME=PAY items".into());
    }
    Ok(out)
}

/// Adds the one-off table to `game wager` in `games`.
pub fn add(games: &mut [GameTables], game: &str, wager: &str, spec: &str) -> Result<(), String> {
    let lines = items(spec)?;
    let g = games.iter_mut().find(|g| g.game == game).ok_or_else(|| format!("--pays: no tables for game {game:?}"))?;
    let w = g.wagers.iter_mut().find(|w| w.id == wager).ok_or_else(|| format!("--pays: no wager {wager:?} in {}", g.file))?;
    if w.paytable(ID).is_some() {
        return Err(format!("--pays: {game} {wager} already has a paytable {ID:?}"));
    }
    // Printed hand labels where the wager's tables have them.
    let hand = |o: &str| w.paytables.iter().find_map(|p| p.hand(o)).unwrap_or(o).to_string();
    let doc = json!({"schema": 1, "game": game, "title": g.title, "chapter": g.chapter, "wagers": [{
        "id": wager, "title": w.title, "section": "--pays",
        "paytables": [{"id": ID, "section": "--pays", "lines": lines.iter().map(|(o, p)| json!({"outcome": o, "hand": hand(o), "pays": p})).collect::<Vec<_>>(),
            "notes": ["typed with --pays"]}]}]});
    let parsed = parsheet_tables::parse("--pays", &doc.to_string()).map_err(|e| {
        // Name the item, not the JSON path of the file it was written as.
        let item = e.field.split("lines[").nth(1).and_then(|r| r.split(']').next()).and_then(|i| i.parse::<usize>().ok());
        match item.and_then(|i| lines.get(i).map(|l| (i, l))) {
            Some((i, (o, p))) => format!("--pays item {} ({o}={p}): {}", i + 1, e.problem),
            None => format!("--pays: {}", e.problem),
        }
    })?;
    let entry = parsed.wagers.into_iter().next().and_then(|w| w.paytables.into_iter().next()).expect("one table written");
    w.paytables.push(entry);
    Ok(())
}

/// The one wager whose outcomes include every outcome of the spec (for `report`, which has no
/// wager argument).
pub fn wager_of(games: &[GameTables], spec: &str) -> Result<(String, String), String> {
    let lines = items(spec)?;
    let mut found = Vec::new();
    for g in games {
        for w in &g.wagers {
            if let Ok(k) = parsheet_games::find(&g.game, &w.id) {
                if lines.iter().all(|(o, _)| k.has_outcome(o) && o != parsheet_games::OTHER) {
                    found.push((g.game.clone(), w.id.clone()));
                }
            }
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!("--pays: no wager has all of the outcomes {}; see `parsheet list` for each wager's outcomes", lines.iter().map(|l| l.0.as_str()).collect::<Vec<_>>().join(", "))),
        _ => Err(format!(
            "--pays: the outcomes fit several wagers ({}); give lines only one of them has",
            found.iter().map(|(g, w)| format!("{g} {w}")).collect::<Vec<_>>().join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_split_at_commas_that_start_an_outcome() {
        let i = items("royal-flush=1,000 to 1, straight-flush=50 to 1").unwrap();
        assert_eq!(i, vec![("royal-flush".into(), "1,000 to 1".into()), ("straight-flush".into(), "50 to 1".into())]);
        assert!(items("").is_err() && items("300 to 1").is_err() && items("x=").is_err() && items("=3 to 1").is_err());
    }

    #[test]
    fn a_typed_table_is_checked_as_a_file_is() {
        let mut games = parsheet_tables::builtin().unwrap();
        add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=300 to 1,6-card-flush=100 to 1").unwrap();
        let w = games.iter().find(|g| g.game == "high-card-flush").unwrap().wagers.iter().find(|w| w.id == "flush-bonus").unwrap();
        let t = w.paytable(ID).unwrap();
        assert_eq!(t.table.lines.len(), 2);
        assert_eq!(t.hand("7-card-flush"), Some("Seven-card flush"));
        let mut games = parsheet_tables::builtin().unwrap();
        let e = add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=300 to 1,six-flush=100 to 1").unwrap_err();
        assert!(e.starts_with("--pays item 2 (six-flush=100 to 1)") && e.contains("not an outcome"), "{e}");
        let e = add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=3000000 to 1").unwrap_err();
        assert!(e.contains("item 1") && e.contains("1000000 to 1"), "{e}");
        let e = add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=300 to 1,7-card-flush=200 to 1").unwrap_err();
        assert!(e.contains("item 2") && e.contains("two lines"), "{e}");
        assert_eq!(wager_of(&games, "7-card-flush=300 to 1").unwrap(), ("high-card-flush".to_string(), "flush-bonus".to_string()));
    }
}
