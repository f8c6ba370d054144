//! `--pays "7-card-flush=300 to 1,6-card-flush=100 to 1,..."`: a one-off paytable typed on the
//! command line, for `analyze`, `explore` and `report`. The items are written as a table file of
//! the `tables/` schema and read by the same reader, so they get exactly the checks a file gets
//! (outcomes the wager has, pays in the regulation's words and within the limits, no outcome
//! twice).
//!
//! Nothing typed may change a figure without a word. Alone, `--pays` is the whole table (paytable
//! `custom`) and must name every outcome of the wager, a losing one as `OUTCOME=loses`: a line
//! left out would lose silently. With `--paytable ID` it changes only the lines it names, and
//! the result is a paytable of its own, `ID+pays` (no table file can hold that id), whose
//! changed lines every output lists.

use parsheet_tables::{ChangedLine, GameTables};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;

/// The id of a whole typed table.
pub const ID: &str = "custom";

/// The items of a spec. A comma separates items, and inside a pay only thousands ("1,000 to 1"):
/// a part without "=" continues the pay before it only where it goes on with that number's
/// digits; anything else is an item without "=", refused by name.
fn items(spec: &str) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for part in spec.split(',') {
        if let Some((o, p)) = part.split_once('=') {
            out.push((o.trim().to_string(), p.trim().to_string()));
            continue;
        }
        let digits = part.chars().take_while(char::is_ascii_digit).count();
        let goes_on = digits > 0 && part[digits..].chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_'));
        match out.last_mut() {
            Some((_, pay)) if goes_on && pay.ends_with(|c: char| c.is_ascii_digit()) => *pay += &format!(",{part}"),
            _ if part.trim().is_empty() => return Err(format!("--pays {spec:?} has an empty item (two commas in a row, or one at an end)")),
            _ => {
                return Err(format!(
                    "--pays item {:?} has no \"=\": write OUTCOME=PAY items separated by commas, e.g. \"7-card-flush=300 to 1,6-card-flush=100 to 1\" (a comma inside a pay only separates thousands: 1,000 to 1)",
                    part.trim()
                ))
            }
        }
    }
    if let Some((o, _)) = out.iter().find(|(o, p)| o.is_empty() || p.is_empty()) {
        return Err(format!("--pays {spec:?}: an item has no {}", if o.is_empty() { "outcome before its \"=\"" } else { "pay after its \"=\"" }));
    }
    Ok(out)
}

/// The paytable a command works on, with `--pays` added to `game wager` of `games`: the typed
/// table, or `paytable` (the command's `--paytable`) where nothing is typed.
pub fn apply(games: &mut [GameTables], game: &str, wager: &str, pays: Option<&str>, paytable: Option<&str>) -> Result<Option<String>, String> {
    match pays {
        Some(spec) => add(games, game, wager, spec, paytable).map(Some),
        None => Ok(paytable.map(str::to_string)),
    }
}

/// Adds the typed table to `game wager` in `games`: the whole table `custom`, or `base` with the
/// typed lines changed, as `base+pays`. Returns its id.
pub fn add(games: &mut [GameTables], game: &str, wager: &str, spec: &str, base: Option<&str>) -> Result<String, String> {
    let lines = items(spec)?;
    let g = games.iter_mut().find(|g| g.game == game).ok_or_else(|| format!("--pays: no tables for game {game:?}"))?;
    let w = g.wagers.iter_mut().find(|w| w.id == wager).ok_or_else(|| format!("--pays: no wager {wager:?} in {}", g.file))?;
    // Printed hand labels where the wager's tables have them.
    let hand = |o: &str| w.paytables.iter().find_map(|p| p.hand(o)).unwrap_or(o).to_string();
    let doc = json!({"schema": 1, "game": game, "title": g.title, "chapter": g.chapter, "wagers": [{
        "id": wager, "title": w.title, "section": "--pays",
        "paytables": [{"id": ID, "section": "--pays", "lines": lines.iter().map(|(o, p)| json!({"outcome": o, "hand": hand(o), "pays": p})).collect::<Vec<_>>(),
            "notes": ["typed with --pays"]}]}]});
    let mut doc = doc;
    parsheet_tables::carry_definition(&mut doc);
    let parsed = parsheet_tables::parse("--pays", &doc.to_string()).map_err(|e| {
        // Name the item, not the JSON path of the file it was written as.
        let item = e.field.split("lines[").nth(1).and_then(|r| r.split(']').next()).and_then(|i| i.parse::<usize>().ok());
        match item.and_then(|i| lines.get(i).map(|l| (i, l))) {
            Some((i, (o, p))) => format!("--pays item {} ({o}={p}): {}", i + 1, e.problem),
            None => format!("--pays: {}", e.problem),
        }
    })?;
    let typed = parsed.wagers.into_iter().next().and_then(|w| w.paytables.into_iter().next()).expect("one table written");
    let entry = match base {
        None => {
            let outcomes = parsheet_tables::outcomes_of(game, wager).ok_or_else(|| format!("--pays: parsheet does not know the outcomes of {game} {wager}"))?;
            let missing: Vec<&str> = outcomes.into_iter().filter(|o| typed.table.pay(o).is_none()).collect();
            if !missing.is_empty() {
                return Err(format!(
                    "--pays is the whole paytable and names no pay for {}: give every outcome, OUTCOME=loses for a line that loses, or change only some lines of a table with --paytable ID",
                    missing.join(", ")
                ));
            }
            if w.paytable(ID).is_some() {
                return Err(format!("--pays: {game} {wager} already has a paytable {ID:?}"));
            }
            typed
        }
        Some(id) => changed(w, id, typed)?,
    };
    let id = entry.table.id.clone();
    w.paytables.push(entry);
    Ok(id)
}

/// Paytable `base` of `w` with the lines of `typed` in place of its own, as `base+pays`.
fn changed(w: &parsheet_tables::WagerTables, base: &str, typed: parsheet_tables::PaytableEntry) -> Result<parsheet_tables::PaytableEntry, String> {
    let ids: Vec<&str> = w.paytables.iter().map(|p| p.table.id.as_str()).collect();
    let mut entry = w.paytable(base).ok_or_else(|| format!("--pays --paytable {base}: no paytable {base:?} for {}; paytables: {}", w.id, ids.join(", ")))?.clone();
    entry.table.id = format!("{base}+pays");
    for (line, (_, hand)) in typed.table.lines.into_iter().zip(typed.hands) {
        let was = match entry.table.lines.iter_mut().find(|l| l.outcome == line.outcome) {
            Some(l) => Some(std::mem::replace(&mut l.pay, line.pay.clone())),
            None => {
                entry.hands.push((line.outcome.clone(), hand));
                entry.table.lines.push(line.clone());
                None
            }
        };
        entry.changed.push(ChangedLine { outcome: line.outcome, was, pays: line.pay });
    }
    entry.notes.push(format!("paytable {base} with lines changed by --pays: {}", listed(&entry.changed)));
    Ok(entry)
}

/// The changed lines in words, `; ` between them.
pub fn listed(changed: &[ChangedLine]) -> String {
    changed.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// A line `--pays` changed, as every record lists it (`changed_lines`, docs/JSON.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Changed {
    pub outcome: String,
    pub pays: String,
    /// The pay it replaced; `null` for a line the table did not have.
    pub was: Option<String>,
}

/// The changed lines as records.
pub fn changed_records(changed: &[ChangedLine]) -> Vec<Changed> {
    changed.iter().map(|c| Changed { outcome: c.outcome.clone(), pays: c.pays.to_string(), was: c.was.as_ref().map(ToString::to_string) }).collect()
}

/// The line every table and Markdown output of a changed table carries.
pub fn changed_text(paytable: &str, changed: &[ChangedLine]) -> Option<String> {
    let base = paytable.strip_suffix("+pays")?;
    (!changed.is_empty()).then(|| format!("paytable {paytable} is {base} with lines changed by --pays: {}", listed(changed)))
}

/// The one wager whose outcomes include every outcome of the spec (for `report`, which has no
/// wager argument).
pub fn wager_of(games: &[GameTables], spec: &str) -> Result<(String, String), String> {
    let lines = items(spec)?;
    let mut found = Vec::new();
    for g in games {
        for w in &g.wagers {
            let fits = match parsheet_games::find(&g.game, &w.id) {
                Ok(k) => lines.iter().all(|(o, _)| k.has_outcome(o) && o != parsheet_games::OTHER),
                // A main game paid by a table (DJ Wild's Blind): the outcomes of its tables.
                Err(_) => {
                    matches!(parsheet_games::lookup(&g.game, &w.id), Ok(parsheet_games::Model::Main(m)) if m.needs_paytable())
                        && lines.iter().all(|(o, _)| w.paytables.iter().any(|p| p.table.pay(o).is_some()))
                }
            };
            if fits {
                found.push((g.game.clone(), w.id.clone()));
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
        let i = items("royal-flush=1,000 to 1, straight-flush=50 to 1,x=$5,000/10% of meter").unwrap();
        assert_eq!(i, vec![("royal-flush".into(), "1,000 to 1".into()), ("straight-flush".into(), "50 to 1".into()), ("x".into(), "$5,000/10% of meter".into())]);
        assert!(items("").is_err() && items("300 to 1").is_err() && items("x=").is_err() && items("=3 to 1").is_err());
        // Not glued to the pay before: an outcome without "=", a space after the comma, an empty item.
        for bad in ["a=3 to 1,6-card-flush 100 to 1", "a=1, 000 to 1", "a=3 to 1,,b=2 to 1", "a=loses,000"] {
            assert!(items(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn report_pays_finds_the_one_wager_including_a_main_games_table() {
        let games = parsheet_tables::builtin().unwrap();
        // DJ Wild's Blind table (687a.12(b)) is a main game's: its outcomes name it.
        assert_eq!(wager_of(&games, "straight=2 to 1,three-of-a-kind-or-less=loses").unwrap(), ("dj-wild".to_string(), "blind".to_string()));
        assert_eq!(wager_of(&games, "7-card-flush=300 to 1").unwrap(), ("high-card-flush".to_string(), "flush-bonus".to_string()));
        assert!(wager_of(&games, "no-such-hand=1 to 1").unwrap_err().contains("no wager"));
    }

    #[test]
    fn a_typed_table_is_checked_as_a_file_is() {
        let mut games = parsheet_tables::builtin().unwrap();
        add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=300 to 1,6-card-flush=100 to 1", Some("C")).unwrap();
        let w = games.iter().find(|g| g.game == "high-card-flush").unwrap().wagers.iter().find(|w| w.id == "flush-bonus").unwrap();
        let t = w.paytable("C+pays").unwrap();
        assert_eq!(t.table.lines.len(), 4);
        assert_eq!(t.hand("7-card-flush"), Some("Seven-card flush"));
        let mut games = parsheet_tables::builtin().unwrap();
        let e = add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=300 to 1,six-flush=100 to 1", None).unwrap_err();
        assert!(e.starts_with("--pays item 2 (six-flush=100 to 1)") && e.contains("not an outcome"), "{e}");
        let e = add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=3000000 to 1", None).unwrap_err();
        assert!(e.contains("item 1") && e.contains("1000000 to 1"), "{e}");
        let e = add(&mut games, "high-card-flush", "flush-bonus", "7-card-flush=300 to 1,7-card-flush=200 to 1", None).unwrap_err();
        assert!(e.contains("item 2") && e.contains("two lines"), "{e}");
        assert_eq!(wager_of(&games, "7-card-flush=300 to 1").unwrap(), ("high-card-flush".to_string(), "flush-bonus".to_string()));
    }
}
