//! Tables from several places read as one set: the built-in tables with a user's candidates
//! added (`--with-tables`), or a directory holding several files of one game.
//!
//! A paytable is known by (game, wager, id). Adding a table that is already there is no clash
//! when it is the same table (same lines, same Envy amounts): the same candidate read twice, or a
//! copy of a built-in table. A *different* table under an id already taken is an error that names
//! both files, since every figure printed under that id would otherwise be ambiguous. Wagers new
//! to a game, and games new to the set, are added whole. The published figures, checks and
//! notes of a wager come from the file that first defined it: an added file brings paytables to
//! a wager, not figures (a copy of a built-in file would otherwise count each figure twice), and
//! figures that speak of "all" paytables still mean the tables of their own file
//! (`PaytableEntry::file`).
//!
//! In a directory, a JSON file that is not a table file (a shard or count file, a schema: an
//! object without a `game` key, or not an object) is passed over with a note rather than
//! refused, so candidates can sit beside the other files of a design session. Anything that
//! claims to be a table (has `game`) is read strictly, and its errors are errors.

use std::path::Path;

use crate::{parse, printable, read_table_file, GameTables, TableError};

/// A set of tables being assembled, with the file each paytable came from.
#[derive(Default)]
pub struct TableSet {
    games: Vec<GameTables>,
    /// Files passed over, each with why (for stderr).
    pub notes: Vec<String>,
}

impl TableSet {
    /// A set that starts from `games` (the built-in tables).
    pub fn new(games: Vec<GameTables>) -> Result<TableSet, TableError> {
        let mut set = TableSet::default();
        for g in games {
            set.add(g)?;
        }
        Ok(set)
    }

    /// Adds the tables of `path`: one table file, or every table file of a directory.
    pub fn add_path(&mut self, path: &Path) -> Result<(), TableError> {
        if path.is_dir() {
            let found = read_dir(path, &mut self.notes)?;
            if found.is_empty() {
                let file = printable(&path.display().to_string());
                return Err(TableError { file, field: String::new(), problem: "no table files in this directory (files named *.json with a \"game\" key)".into() });
            }
            for g in found {
                self.add(g)?;
            }
            return Ok(());
        }
        let file = printable(&path.display().to_string());
        let text = read_table_file(path).map_err(|problem| TableError { file: file.clone(), field: String::new(), problem })?;
        let text = text.ok_or_else(|| TableError { file: file.clone(), field: String::new(), problem: "a broken link".into() })?;
        self.add(parse(&file, &text)?)
    }

    /// Adds one file's tables (see the module's rules).
    pub fn add(&mut self, g: GameTables) -> Result<(), TableError> {
        let file = g.file.clone();
        let Some(at) = self.games.iter().position(|o| o.game == g.game) else {
            self.games.push(g);
            return Ok(());
        };
        for (wi, w) in g.wagers.into_iter().enumerate() {
            let game = self.games[at].game.clone();
            let Some(have) = self.games[at].wagers.iter_mut().find(|o| o.id == w.id) else {
                self.games[at].wagers.push(w);
                continue;
            };
            for (pi, p) in w.paytables.into_iter().enumerate() {
                match have.paytables.iter().find(|o| o.table.id == p.table.id) {
                    Some(o) if o.table == p.table && o.envy == p.envy => {}
                    Some(o) => {
                        let first = o.file.clone();
                        return Err(TableError {
                            file,
                            field: format!("wagers[{wi}].paytables[{pi}].id"),
                            problem: format!(
                                "paytable {:?} of {game} {} differs from the paytable {:?} in {first}; give the new table an id of its own",
                                p.table.id, w.id, p.table.id
                            ),
                        });
                    }
                    None => have.paytables.push(p),
                }
            }
        }
        Ok(())
    }

    /// The tables, in the order their games were first added.
    pub fn games(self) -> Vec<GameTables> {
        self.games
    }
}

/// The table files of `dir`, in name order; non-table JSON files are passed over with a note.
pub(crate) fn read_dir(dir: &Path, notes: &mut Vec<String>) -> Result<Vec<GameTables>, TableError> {
    let err = |problem: String| TableError { file: printable(&dir.display().to_string()), field: String::new(), problem };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| err(format!("cannot read directory: {e}")))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".json") && !n.starts_with('.')))
        .collect();
    paths.sort();
    let mut games = Vec::new();
    for path in paths {
        // The name as printed: a file name may hold control characters.
        let file = printable(&path.display().to_string());
        let Some(text) = read_table_file(&path).map_err(|problem| TableError { file: file.clone(), field: String::new(), problem })? else { continue };
        if !claims_to_be_a_table(&text) {
            notes.push(format!("{file}: passed over: not a table file (no \"game\" key)"));
            continue;
        }
        games.push(parse(&file, &text)?);
    }
    Ok(games)
}

/// Whether `text` is a JSON object with a `game` key at its top. Text that is not JSON at all
/// counts as a table (broken), so that its parse error is reported.
fn claims_to_be_a_table(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(m)) => m.contains_key("game"),
        Ok(_) => false,
        Err(_) => true,
    }
}
