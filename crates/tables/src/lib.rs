//! Paytables and published figures as data: the JSON files of `tables/`, read and checked.
//!
//! This is the edge where text becomes the typed paytables of `parsheet-paytable`. Every check
//! happens here, before any number is computed: a malformed or inconsistent file is an error
//! that names the file, the field (as a path such as `wagers[2].paytables[0].lines[3].pays`) and
//! the problem. The built-in tables are compiled into the binary from `tables/*.json`, so the
//! tool needs no files at run time; `load_dir` reads a user's own directory of the same format
//! (schema: `tables/README.md`).

use std::fmt;
use std::path::Path;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_paytable::{Line, Pay, Paytable};
use serde_json::{Map, Value};

pub mod combine;
pub mod definition;
pub mod house_way;
pub use combine::TableSet;
use parsheet_json as strict;

/// A table file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub file: String,
    pub field: String,
    pub problem: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.problem)
        } else {
            write!(f, "{}: field `{}`: {}", self.file, self.field, self.problem)
        }
    }
}

impl std::error::Error for TableError {}

/// One game's file.
#[derive(Clone, Debug)]
pub struct GameTables {
    pub file: String,
    /// SHA-256 of the file's bytes as read (hex): the provenance of every figure from it.
    pub sha256: String,
    pub game: String,
    pub title: String,
    pub chapter: String,
    pub rulemaking: String,
    pub wagers: Vec<WagerTables>,
}

#[derive(Clone, Debug)]
pub struct WagerTables {
    pub id: String,
    pub title: String,
    pub section: String,
    pub paytables: Vec<PaytableEntry>,
    pub published: Vec<Published>,
    pub notes: Vec<String>,
    /// Figures computed while transcribing (`checks`), each asserted against the code.
    pub checks: Vec<TranscriptionCheck>,
    /// Readings the evidence in the notes rules out (`rejected-readings`), with why.
    pub rejected_readings: Vec<(String, String)>,
    /// parsheet's default for each assumption a figure of this wager rests on (`defaults`):
    /// the reading, a meter's reset, the house way, with the reason for each.
    pub defaults: Vec<DefaultChoice>,
}

/// A default of a wager's tables file: what parsheet assumes unless told otherwise, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultChoice {
    /// `reading`, `reset`, `house-way` or `players`.
    pub name: String,
    pub value: String,
    /// Why: the rule text that supports it, or where the text is unclear, the published figure.
    pub basis: String,
}

/// The assumptions a tables file may set a default for.
pub const DEFAULT_NAMES: [&str; 4] = ["reading", "reset", "house-way", "players"];

impl WagerTables {
    /// The default the file records for `name`, if any.
    pub fn default_of(&self, name: &str) -> Option<&DefaultChoice> {
        self.defaults.iter().find(|d| d.name == name)
    }

    /// The paytable `id`, if this wager has it.
    pub fn paytable(&self, id: &str) -> Option<&PaytableEntry> {
        self.paytables.iter().find(|p| p.table.id == id)
    }
}

#[derive(Clone, Debug)]
pub struct PaytableEntry {
    pub table: Paytable,
    pub section: String,
    /// Printed terms of the heading, e.g. ("wager", "$1").
    pub terms: Vec<(String, String)>,
    /// Envy amounts by outcome.
    pub envy: Vec<(String, Pay)>,
    /// Notes on the table and on its lines (the latter prefixed with the outcome id).
    pub notes: Vec<String>,
    /// The rule reading the table prints for itself (`reading`), the default for this table.
    pub reading: Option<String>,
    /// The printed hand label of each line (`hand`), by outcome id, in the lines' order.
    pub hands: Vec<(String, String)>,
    /// The lines a typed change (`--pays` on `--paytable ID`) made to the table it started
    /// from; empty for a table as read. Every output of the table lists them.
    pub changed: Vec<ChangedLine>,
    /// The file the table was read from. A wager's published figures speak of the tables of its
    /// own file (its first paytable's), not of candidates added beside them (`--with-tables`).
    pub file: String,
}

/// A line changed by `--pays`: its pay before (`None`: the table had no line, so it lost) and
/// now.
#[derive(Clone, Debug)]
pub struct ChangedLine {
    pub outcome: String,
    pub was: Option<Pay>,
    pub pays: Pay,
}

impl fmt::Display for ChangedLine {
    /// `full-house: 4 to 1 (was 3 to 1)`, as every format lists it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let was = self.was.as_ref().map_or("no line".to_string(), Pay::to_string);
        write!(f, "{}: {} (was {was})", self.outcome, self.pays)
    }
}

impl PaytableEntry {
    /// The printed label of `outcome`'s line, if the table has one.
    pub fn hand(&self, outcome: &str) -> Option<&str> {
        self.hands.iter().find(|h| h.0 == outcome).map(|h| h.1.as_str())
    }

}

/// What a transcription check asserts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckValue {
    /// The exact number of deals in `outcomes` together.
    Combinations(u128),
    /// The payback (or hold) of `paytable`, to the printed places.
    Payback(Percent),
    Hold(Percent),
}

/// A figure computed independently while transcribing (a throwaway enumeration, a closed
/// form), quoted in the notes: a check of the code, asserted by the test suite.
#[derive(Clone, Debug)]
pub struct TranscriptionCheck {
    pub value: CheckValue,
    /// The outcomes counted together (`Combinations` only).
    pub outcomes: Vec<String>,
    pub paytable: Option<String>,
    /// The reading it was computed under; `None` holds for every reading.
    pub reading: Option<String>,
    pub note: String,
}

/// What a published figure measures, in the source's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureKind {
    Hold,
    HouseEdge,
    Payback,
    Return,
}

impl FigureKind {
    pub fn name(self) -> &'static str {
        match self {
            FigureKind::Hold => "hold",
            FigureKind::HouseEdge => "house-edge",
            FigureKind::Payback => "payback",
            FigureKind::Return => "return",
        }
    }

    /// Whether the figure is the house's share (hold, house edge) rather than the player's.
    pub fn is_house_share(self) -> bool {
        matches!(self, FigureKind::Hold | FigureKind::HouseEdge)
    }
}

/// A percentage as printed, with its exact value (as a fraction, 7.97% = 797/10000) and the
/// number of decimal places printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Percent {
    pub text: String,
    pub value: BigRational,
    pub places: usize,
}

/// A figure the regulator published.
#[derive(Clone, Debug)]
pub struct Published {
    pub paytable: Option<String>,
    pub kind: FigureKind,
    pub value: Option<Percent>,
    pub range: Option<(Percent, Percent)>,
    pub section: String,
    pub quote: String,
    pub note: Option<String>,
    /// Corrections of the print that the evidence supports (`candidates`): each is computed
    /// beside the figure as printed, labelled, and never becomes a default.
    pub candidates: Vec<Candidate>,
}

/// A stated correction of the print behind a published figure: printed cells, printed terms or
/// the figure itself read otherwise, under the wager's default reading or a named one. The
/// transcription stays as printed; a candidate is evidence about the print, computed only as a
/// labelled check (a `misprint` status when it reproduces the figure).
#[derive(Clone, Debug)]
pub struct Candidate {
    pub id: String,
    /// The reading it is computed under; `None`: the figure's default reading.
    pub reading: Option<String>,
    /// Pays read otherwise.
    pub lines: Vec<CandidateLine>,
    /// Printed terms of the paytable read otherwise (`rate`: "45%").
    pub terms: Vec<(String, String)>,
    /// The figure read otherwise.
    pub figure: Option<Percent>,
    /// For a range: the paytables it spans read otherwise (each a printed table, possibly under
    /// another name with pays read otherwise, such as a table as proposed beside it as adopted).
    pub over: Vec<RangeTable>,
    /// The evidence.
    pub note: String,
}

/// A paytable a candidate's range spans: printed table `paytable`, named `name`, with `lines`
/// (outcome, pays) read otherwise.
#[derive(Clone, Debug)]
pub struct RangeTable {
    pub paytable: String,
    pub name: String,
    pub lines: Vec<(String, Pay)>,
}

/// A pay read otherwise by a candidate.
#[derive(Clone, Debug)]
pub struct CandidateLine {
    pub paytable: String,
    pub outcome: String,
    pub pays: Pay,
}

impl Candidate {
    /// What the candidate corrects, in words ("DJWT-06 straight-flush-with-wild printed 125 to 1,
    /// read as 25 to 1; figure printed 98.843%, read as 93.843%"), given the wager as printed.
    pub fn words(&self, w: &WagerTables, f: &Published) -> String {
        let mut words = Vec::new();
        for l in &self.lines {
            let printed = w.paytable(&l.paytable).and_then(|p| p.table.pay(&l.outcome)).map_or("no line".to_string(), ToString::to_string);
            words.push(format!("paytable {} {} printed {printed}, read as {}", l.paytable, l.outcome, l.pays));
        }
        for (name, value) in &self.terms {
            let printed = f.paytable.as_ref().and_then(|t| w.paytable(t)).and_then(|p| p.terms.iter().find(|t| &t.0 == name)).map_or("nothing".to_string(), |t| t.1.clone());
            words.push(format!("term {name} printed {printed}, read as {value}"));
        }
        if let (Some(v), Some(printed)) = (&self.figure, &f.value) {
            words.push(format!("figure printed {}, read as {}", printed.text, v.text));
        }
        if !self.over.is_empty() {
            let tables: Vec<String> = self
                .over
                .iter()
                .map(|t| {
                    let read: Vec<String> = t.lines.iter().map(|(o, pays)| format!("{o} {pays}")).collect();
                    match (t.name == t.paytable, read.is_empty()) {
                        (true, true) => format!("paytable {} as printed", t.paytable),
                        (false, true) => format!("{} (paytable {} as printed)", t.name, t.paytable),
                        (_, false) => format!("{} (paytable {} with {})", t.name, t.paytable, read.join(", ")),
                    }
                })
                .collect();
            words.push(format!("the range read as spanning {}", tables.join(" and ")));
        }
        words.join("; ")
    }

    /// The wager and figure as the candidate reads them.
    pub fn apply(&self, w: &WagerTables, f: &Published) -> (WagerTables, Published) {
        let mut w = w.clone();
        for l in &self.lines {
            let p = w.paytables.iter_mut().find(|p| p.table.id == l.paytable).expect("checked when read");
            match p.table.lines.iter_mut().find(|x| x.outcome == l.outcome) {
                Some(x) => x.pay = l.pays.clone(),
                None => p.table.lines.push(Line { outcome: l.outcome.clone(), pay: l.pays.clone() }),
            }
        }
        if let Some(t) = &f.paytable {
            let p = w.paytables.iter_mut().find(|p| &p.table.id == t).expect("checked when read");
            for (name, value) in &self.terms {
                let term = p.terms.iter_mut().find(|x| &x.0 == name).expect("checked when read");
                term.1 = value.clone();
            }
        }
        if !self.over.is_empty() {
            w.paytables = self
                .over
                .iter()
                .map(|t| {
                    let mut p = w.paytables.iter().find(|p| p.table.id == t.paytable).expect("checked when read").clone();
                    p.table.id = t.name.clone();
                    for (outcome, pays) in &t.lines {
                        match p.table.lines.iter_mut().find(|x| &x.outcome == outcome) {
                            Some(x) => x.pay = pays.clone(),
                            None => p.table.lines.push(Line { outcome: outcome.clone(), pay: pays.clone() }),
                        }
                    }
                    p
                })
                .collect();
        }
        let mut f = f.clone();
        if let Some(v) = &self.figure {
            f.value = Some(v.clone());
        }
        f.candidates.clear();
        (w, f)
    }
}

const BUILTIN: [(&str, &str); 6] = [
    ("saigon-5-card.json", include_str!("../../../tables/saigon-5-card.json")),
    ("heads-up-holdem.json", include_str!("../../../tables/heads-up-holdem.json")),
    ("high-card-flush.json", include_str!("../../../tables/high-card-flush.json")),
    ("over-under.json", include_str!("../../../tables/over-under.json")),
    ("dj-wild.json", include_str!("../../../tables/dj-wild.json")),
    ("face-up-pai-gow.json", include_str!("../../../tables/face-up-pai-gow.json")),
];

/// SHA-256 of `bytes` in lower-case hex: how a report names the exact data it read.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The approved tables shipped with parsheet.
pub fn builtin() -> Result<Vec<GameTables>, TableError> {
    let games = BUILTIN.iter().map(|(name, text)| parse(&format!("tables/{name}"), text)).collect::<Result<Vec<_>, _>>()?;
    check_distinct_games(&games)?;
    Ok(games)
}

/// The largest table file read: the six chapters together are under 200 kB.
pub const MAX_FILE_BYTES: u64 = parsheet_json::read::TABLES.cap;

/// Every table file of `dir`: regular files (or links to them) named `*.json`. Hidden files
/// (`.x.json`, editors' `.#x.json` locks) and broken links are passed over; anything else named
/// `*.json` that is not a regular file (a FIFO, a device, a directory) is refused, since reading
/// it could block or never end. Files of one game are read as one set ([`TableSet`]); JSON
/// files that are not table files are passed over (`TableSet::notes` says which). `dir` may also
/// be one table file.
pub fn load_dir(dir: &Path) -> Result<Vec<GameTables>, TableError> {
    let mut set = TableSet::default();
    set.add_path(dir)?;
    Ok(set.games())
}

/// One file's text, or `None` for a broken link; refuses what is not a regular file of at most
/// [`MAX_FILE_BYTES`] (opened without blocking, so a FIFO is refused rather than waited on).
pub(crate) fn read_table_file(path: &Path) -> Result<Option<String>, String> {
    use parsheet_json::read::{read, ReadError, TABLES};
    match read(path, TABLES) {
        Ok((bytes, _)) => String::from_utf8(bytes).map(Some).map_err(|e| format!("not UTF-8 text (byte {}); save the file as UTF-8", e.utf8_error().valid_up_to())),
        Err(e) if e.is_not_found() && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) => Ok(None),
        Err(ReadError::NotRegular { found, .. }) => Err(format!("{found}, not a regular file; a table file must be a plain .json file (remove it or rename it)")),
        Err(ReadError::Io(e)) => Err(format!("cannot read: {e}")),
        Err(e) => Err(e.to_string()),
    }
}

fn check_distinct_games(games: &[GameTables]) -> Result<(), TableError> {
    for (i, g) in games.iter().enumerate() {
        if let Some(other) = games[..i].iter().find(|o| o.game == g.game) {
            return Err(TableError {
                file: g.file.clone(),
                field: "game".into(),
                problem: format!("game {:?} is also defined in {}", g.game, other.file),
            });
        }
    }
    Ok(())
}

/// The keys each object of the schema may hold (`tables/README.md`), in one place so that a new
/// optional key is added here and in the reader that gives it meaning.
mod keys {
    pub const FILE: &[&str] = &["schema", "game", "title", "chapter", "rulemaking", "wagers"];
    pub const WAGER: &[&str] = &["id", "title", "section", "paytables", "published", "notes", "checks", "rejected-readings", "defaults"];
    pub const DEFAULT: &[&str] = &["value", "basis"];
    pub const REJECTED: &[&str] = &["reading", "note"];
    pub const CHECK: &[&str] = &["kind", "outcome", "paytable", "reading", "value", "note"];
    pub const PAYTABLE: &[&str] = &["id", "section", "terms", "lines", "notes", "reading"];
    pub const LINE: &[&str] = &["outcome", "hand", "pays", "envy", "note"];
    pub const FIGURE: &[&str] = &["paytable", "kind", "value", "range", "section", "quote", "note", "candidates"];
    pub const CANDIDATE: &[&str] = &["id", "reading", "lines", "terms", "figure", "over", "note"];
    pub const CANDIDATE_LINE: &[&str] = &["paytable", "outcome", "pays"];
    pub const RANGE_TABLE: &[&str] = &["paytable", "as", "lines"];
    pub const RANGE_LINE: &[&str] = &["outcome", "pays"];
}

/// A cursor into the JSON document that knows its path, for error messages.
struct At<'a> {
    file: &'a str,
    path: String,
    value: &'a Value,
}

impl<'a> At<'a> {
    fn err(&self, problem: impl Into<String>) -> TableError {
        TableError { file: self.file.to_string(), field: self.path.clone(), problem: problem.into() }
    }

    fn object(&self) -> Result<&'a Map<String, Value>, TableError> {
        self.value.as_object().ok_or_else(|| self.err(format!("expected an object, found {}", kind(self.value))))
    }

    fn field(&self, name: &str) -> Result<At<'a>, TableError> {
        let path = if self.path.is_empty() { name.to_string() } else { format!("{}.{name}", self.path) };
        match self.object()?.get(name) {
            Some(v) => Ok(At { file: self.file, path, value: v }),
            None => Err(TableError { file: self.file.to_string(), field: path, problem: "missing".into() }),
        }
    }

    fn optional(&self, name: &str) -> Result<Option<At<'a>>, TableError> {
        match self.object()?.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(_) => self.field(name).map(Some),
        }
    }

    fn string(&self) -> Result<&'a str, TableError> {
        self.value.as_str().ok_or_else(|| self.err(format!("expected a string, found {}", kind(self.value))))
    }

    fn nonempty_string(&self) -> Result<&'a str, TableError> {
        let s = self.string()?;
        if s.trim().is_empty() {
            return Err(self.err("must not be empty"));
        }
        Ok(s)
    }

    fn array(&self) -> Result<Vec<At<'a>>, TableError> {
        let items = self.value.as_array().ok_or_else(|| self.err(format!("expected an array, found {}", kind(self.value))))?;
        Ok(items.iter().enumerate().map(|(i, v)| At { file: self.file, path: format!("{}[{i}]", self.path), value: v }).collect())
    }

    /// Refuses keys the schema does not have (a misspelt `"publshed"` would otherwise be
    /// silently ignored).
    fn keys(&self, allowed: &[&str]) -> Result<(), TableError> {
        for key in self.object()?.keys() {
            if !allowed.contains(&key.as_str()) {
                let path = if self.path.is_empty() { key.clone() } else { format!("{}.{key}", self.path) };
                return Err(TableError { file: self.file.to_string(), field: path, problem: format!("unknown key {key:?}; keys here: {}", allowed.join(", ")) });
            }
        }
        Ok(())
    }

    /// Checks the keys of each object in an optional array or object field whose meaning is
    /// read elsewhere.
    fn nested_keys(&self, name: &str, allowed: &[&str]) -> Result<(), TableError> {
        match self.optional(name)? {
            Some(a) if a.value.is_array() => a.array()?.iter().try_for_each(|x| x.keys(allowed)),
            Some(a) if a.value.is_object() => a.keys(allowed),
            _ => Ok(()),
        }
    }

    fn strings(&self) -> Result<Vec<String>, TableError> {
        self.array()?.iter().map(|a| a.string().map(str::to_string)).collect()
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The outcome ids a paytable of `game wager` pays on, best first, or `None` where parsheet does
/// not compute the wager. A counted wager's are its registry outcomes; a main game's tables are
/// read by its solver, which names the lines it looks up: DJ Wild's Blind, Heads-Up Hold 'Em's
/// Odds (pair and up: a high card's Odds is a reading) and Bad Beat (straight and up), Saigon's
/// Ante. A line with any other id would pay nothing, silently, so none is read.
pub fn outcomes_of(game: &str, wager: &str) -> Option<Vec<&'static str>> {
    use parsheet_games::strategy::{dj_wild, heads_up, saigon};
    let best_first = |categories: &[&'static str]| categories.iter().rev().copied().collect();
    match (game, wager) {
        ("dj-wild", "blind") => Some(dj_wild::BLIND_OUTCOMES.to_vec()),
        ("heads-up-holdem", "odds") => Some(best_first(&heads_up::CATEGORIES[1..])),
        ("heads-up-holdem", "bad-beat") => Some(best_first(&heads_up::CATEGORIES[4..])),
        ("saigon-5-card", "base") => Some(vec![saigon::WIN, saigon::WIN_POINT_5]),
        _ => parsheet_games::find(game, wager).ok().map(|w| w.outcomes.to_vec()),
    }
}

/// Whether a paytable of `game wager` may have a line for `outcome`: one of [`outcomes_of`], or
/// [`parsheet_games::OTHER`] on a counted wager (the deals that hold none of them).
fn may_pay(game: &str, wager: &str, outcomes: &[&str], outcome: &str) -> bool {
    outcomes.contains(&outcome) || (outcome == parsheet_games::OTHER && parsheet_games::find(game, wager).is_ok())
}

fn is_id(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A character a terminal, a log or a report could be steered by: a control character (C0,
/// DEL, C1: an escape, a bell, a newline) or a bidirectional formatting character (a line that
/// reads one way and runs another).
pub fn is_steering(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{061c}')
}

/// Refuses a steering character ([`is_steering`]) anywhere in the text of a file, keys included:
/// every string of a table is a name or a sentence that parsheet prints to a terminal or into a
/// report.
fn refuse_control_characters(v: &Value, path: &str) -> Result<(), (String, String)> {
    let check = |text: &str, at: &str| match text.chars().find(|&c| is_steering(c)) {
        Some(c) => {
            let what = if c.is_control() { "control" } else { "bidirectional formatting" };
            Err((at.to_string(), format!("holds the {what} character U+{:04X} in {}; a table's text is plain, one line", c as u32, printable(text))))
        }
        None => Ok(()),
    };
    match v {
        Value::String(t) => check(t, path),
        Value::Array(items) => items.iter().enumerate().try_for_each(|(i, x)| refuse_control_characters(x, &format!("{path}[{i}]"))),
        Value::Object(m) => m.iter().try_for_each(|(k, x)| {
            let at = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
            check(k, &format!("{at} (the key)"))?;
            refuse_control_characters(x, &at)
        }),
        _ => Ok(()),
    }
}

/// `text` with each steering character ([`is_steering`]) written as an escape (`\u{1b}`), so that
/// a name read from a file, a directory or an argument can be printed without acting on the
/// terminal.
pub fn printable(text: &str) -> String {
    if !text.chars().any(is_steering) {
        return text.to_string();
    }
    text.chars().map(|c| if is_steering(c) { c.escape_unicode().to_string() } else { c.to_string() }).collect()
}

/// Reads one file's text. `file` is only used in error messages.
pub fn parse(file: &str, text: &str) -> Result<GameTables, TableError> {
    parse_registering(file, text, false)
}

/// Reads a file made by the designer page's builder, whose defined wagers replace any earlier
/// definition of the same wager (`parsheet_games::registry::redefine`): the page defines one
/// wager again at every edit. Otherwise exactly [`parse`].
pub fn parse_designed(file: &str, text: &str) -> Result<GameTables, TableError> {
    parse_registering(file, text, true)
}

fn parse_registering(file: &str, text: &str, replace: bool) -> Result<GameTables, TableError> {
    // Some editors start UTF-8 files with a byte-order mark; it is not JSON, but it is harmless.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value = strict::from_str(text).map_err(|(field, problem)| TableError { file: file.to_string(), field, problem })?;
    refuse_control_characters(&value, "").map_err(|(field, problem)| TableError { file: file.to_string(), field, problem })?;
    let root = At { file, path: String::new(), value: &value };
    root.keys(keys::FILE)?;
    let schema_at = root.field("schema")?;
    let schema = match schema_at.value.as_u64() {
        Some(n @ (1 | 2)) => n,
        _ => return Err(schema_at.err("unsupported schema version; this parsheet reads schemas 1 and 2 (2: wagers defined in the file, docs/WAGERS.md)")),
    };
    let game_at = root.field("game")?;
    let game = game_at.string()?;
    let built_in = parsheet_games::GAMES.contains(&game);
    if schema == 1 && !built_in {
        return Err(game_at.err(format!("unknown game {game:?}; games: {} (a game of your own is defined in a schema-2 file: docs/WAGERS.md)", parsheet_games::GAMES.join(", "))));
    }
    if !built_in && !definition::is_defined_id(game) {
        return Err(game_at.err(format!("{game:?} is not a game id: lowercase letters and digits in words joined by single dashes")));
    }
    let title = root.field("title")?.nonempty_string()?.to_string();
    let mut wagers: Vec<WagerTables> = Vec::new();
    for w in root.field("wagers")?.array()? {
        let defines = w.object()?.contains_key("deal") || w.object()?.contains_key("outcomes");
        match (built_in, defines) {
            (true, true) => return Err(w.err(format!("{game} is a built-in game: a defined wager lives in a game of its own (give the file another game id)"))),
            (false, false) => return Err(w.err("a wager of a defined game needs its definition: `deal` and `outcomes` (docs/WAGERS.md)")),
            (false, true) => {
                let d = definition::definition(&w)?;
                let text = definition::canonical(&w, definition::keys::DEFINITION);
                let id = w.field("id")?;
                let id = id.string()?;
                if !definition::is_defined_id(id) {
                    return Err(w.field("id")?.err(format!("{id:?} is not a wager id: lowercase letters and digits in words joined by single dashes")));
                }
                // No regulation section: the deal (in words) and the outcomes are its rules.
                let entry = parsheet_games::registry::Entry { game, wager: id, title: w.field("title")?.nonempty_string()?, rules: "", definition: d, text };
                if replace { parsheet_games::registry::redefine(entry) } else { parsheet_games::registry::define(entry) }.map_err(|e| w.err(e))?;
            }
            (true, false) => {}
        }
        let wager = parse_wager(game, &w)?;
        if wagers.iter().any(|o| o.id == wager.id) {
            return Err(w.field("id")?.err(format!("wager id {:?} appears twice", wager.id)));
        }
        wagers.push(wager);
    }
    Ok(GameTables {
        file: file.to_string(),
        sha256: sha256_hex(text.as_bytes()),
        game: game.to_string(),
        title,
        // A defined game may come from no regulation.
        chapter: if !built_in && root.optional("chapter")?.is_none() { String::new() } else { root.field("chapter")?.nonempty_string()?.to_string() },
        rulemaking: root.optional("rulemaking")?.map(|a| a.string().map(str::to_string)).transpose()?.unwrap_or_default(),
        wagers,
    })
}

fn parse_wager(game: &str, w: &At) -> Result<WagerTables, TableError> {
    let known = parsheet_games::find(game, w.field("id")?.string()?).ok();
    let defined = known.is_some_and(|k| k.definition().is_some());
    if defined {
        w.keys(&[keys::WAGER, definition::keys::DEFINITION].concat())?;
    } else {
        w.keys(keys::WAGER)?;
    }
    w.nested_keys("checks", keys::CHECK)?;
    w.nested_keys("rejected-readings", keys::REJECTED)?;
    let id_at = w.field("id")?;
    let id = id_at.string()?;
    if !is_id(id) {
        return Err(id_at.err(format!("{id:?} is not an id (letters, digits and dashes)")));
    }
    let mut paytables: Vec<PaytableEntry> = Vec::new();
    for p in w.field("paytables")?.array()? {
        let entry = parse_paytable(game, id, known, &p)?;
        if paytables.iter().any(|o| o.table.id == entry.table.id) {
            return Err(p.field("id")?.err(format!("paytable id {:?} appears twice", entry.table.id)));
        }
        paytables.push(entry);
    }
    let mut published = Vec::new();
    for f in w.optional("published")?.map(|a| a.array()).transpose()?.unwrap_or_default() {
        let mut figure = parse_figure(&f)?;
        if let Some(t) = &figure.paytable {
            if !paytables.iter().any(|p| &p.table.id == t) {
                let ids: Vec<&str> = paytables.iter().map(|p| p.table.id.as_str()).collect();
                return Err(f.field("paytable")?.err(format!("no paytable {t:?} in this wager; paytables: {}", if ids.is_empty() { "none".into() } else { ids.join(", ") })));
            }
        }
        figure.candidates = parse_candidates(game, id, known, &paytables, &figure, &f)?;
        published.push(figure);
    }
    let mut checks = Vec::new();
    for c in w.optional("checks")?.map(|a| a.array()).transpose()?.unwrap_or_default() {
        checks.push(parse_check(known, &paytables, &c)?);
    }
    let mut rejected_readings = Vec::new();
    for r in w.optional("rejected-readings")?.map(|a| a.array()).transpose()?.unwrap_or_default() {
        let reading = check_reading(known, &r.field("reading")?)?;
        rejected_readings.push((reading, r.field("note")?.nonempty_string()?.to_string()));
    }
    let mut defaults = Vec::new();
    if let Some(d) = w.optional("defaults")? {
        d.keys(&DEFAULT_NAMES)?;
        for name in DEFAULT_NAMES {
            let Some(entry) = d.optional(name)? else { continue };
            entry.keys(keys::DEFAULT)?;
            let value_at = entry.field("value")?;
            let value = match name {
                "reading" => match parsheet_games::strategy::strategy_of_wager(game, id) {
                    Some(sg) if known.is_none() => {
                        let v = value_at.string()?;
                        if !sg.variants.iter().any(|x| x.id == v) {
                            let ids: Vec<&str> = sg.variants.iter().map(|x| x.id).collect();
                            return Err(value_at.err(format!("{v:?} is not a reading of {game} {id}; readings: {}", ids.join(", "))));
                        }
                        v.to_string()
                    }
                    _ => check_reading(known, &value_at)?,
                },
                "reset" => {
                    let v = value_at.string()?;
                    parsheet_paytable::progressive::dollars(v).map_err(|e| value_at.err(format!("{v:?} is not a dollar amount ($30,000): {e}")))?;
                    v.to_string()
                }
                "players" => {
                    let v = value_at.string()?;
                    if !matches!(v, "0" | "1" | "2" | "3" | "4" | "5") {
                        return Err(value_at.err(format!("{v:?}: other players at a table of six are 0 to 5")));
                    }
                    v.to_string()
                }
                _ => {
                    let v = value_at.string()?;
                    let ways = house_way::builtin_ids();
                    if !ways.iter().any(|w| w == v) {
                        return Err(value_at.err(format!("{v:?} is not a built-in house way; ways: {}", ways.join(", "))));
                    }
                    v.to_string()
                }
            };
            defaults.push(DefaultChoice { name: name.to_string(), value, basis: entry.field("basis")?.nonempty_string()?.to_string() });
        }
    }
    Ok(WagerTables {
        defaults,
        rejected_readings,
        id: id.to_string(),
        title: w.field("title")?.nonempty_string()?.to_string(),
        // A defined wager's section is optional (its rules are its definition).
        section: match (defined, w.optional("section")?) {
            (true, None) => String::new(),
            _ => w.field("section")?.nonempty_string()?.to_string(),
        },
        paytables,
        published,
        notes: w.optional("notes")?.map(|a| a.strings()).transpose()?.unwrap_or_default(),
        checks,
    })
}

/// A reading named in a file must be one the wager has (when parsheet knows the wager).
fn check_reading(known: Option<&parsheet_games::Wager>, at: &At) -> Result<String, TableError> {
    let reading = at.string()?;
    if let Some(w) = known {
        if !w.variants.iter().any(|v| v.id == reading) {
            let ids: Vec<&str> = w.variants.iter().map(|v| v.id).collect();
            let valid = if ids.is_empty() { "none (the wager has one reading)".to_string() } else { ids.join(", ") };
            return Err(at.err(format!("{reading:?} is not a reading of {} {}; readings: {valid}", w.game, w.id)));
        }
    }
    Ok(reading.to_string())
}

fn parse_check(known: Option<&parsheet_games::Wager>, paytables: &[PaytableEntry], c: &At) -> Result<TranscriptionCheck, TableError> {
    let reading = c.optional("reading")?.map(|r| check_reading(known, &r)).transpose()?;
    let paytable = c.optional("paytable")?.map(|p| p.string().map(str::to_string)).transpose()?;
    if let Some(t) = &paytable {
        if !paytables.iter().any(|p| &p.table.id == t) {
            return Err(c.field("paytable")?.err(format!("no paytable {t:?} in this wager")));
        }
    }
    let outcomes = match c.optional("outcome")? {
        None => Vec::new(),
        Some(o) if o.value.is_array() => o.strings()?,
        Some(o) => vec![o.string()?.to_string()],
    };
    if let Some(w) = known {
        if let Some(bad) = outcomes.iter().find(|o| !w.has_outcome(o)) {
            return Err(c.field("outcome")?.err(format!("{bad:?} is not an outcome of {} {}; outcomes: {}", w.game, w.id, w.outcomes.join(", "))));
        }
    }
    let kind_at = c.field("kind")?;
    let value_at = c.field("value")?;
    let value = match kind_at.string()? {
        "combinations" => {
            let text = value_at.string()?;
            let n = text.parse::<u128>().map_err(|_| value_at.err(format!("{text:?} is not a whole number of deals")))?;
            if outcomes.is_empty() {
                return Err(c.err("a combinations check names the outcome(s) it counts"));
            }
            CheckValue::Combinations(n)
        }
        kind @ ("payback" | "hold") => {
            if paytable.is_none() {
                return Err(c.err(format!("a {kind} check names its paytable")));
            }
            let p = parse_percent(&value_at)?;
            if kind == "payback" { CheckValue::Payback(p) } else { CheckValue::Hold(p) }
        }
        other => return Err(kind_at.err(format!("unknown check kind {other:?}; kinds: combinations, payback, hold"))),
    };
    Ok(TranscriptionCheck { value, outcomes, paytable, reading, note: c.field("note")?.nonempty_string()?.to_string() })
}

fn parse_paytable(game: &str, wager: &str, known: Option<&parsheet_games::Wager>, p: &At) -> Result<PaytableEntry, TableError> {
    let outcomes = outcomes_of(game, wager);
    p.keys(keys::PAYTABLE)?;
    let id_at = p.field("id")?;
    let id = id_at.string()?;
    if !is_id(id) {
        return Err(id_at.err(format!("{id:?} is not an id (letters, digits and dashes)")));
    }
    let mut lines: Vec<Line> = Vec::new();
    let mut envy = Vec::new();
    let mut hands = Vec::new();
    let mut notes = p.optional("notes")?.map(|a| a.strings()).transpose()?.unwrap_or_default();
    let line_ats = p.field("lines")?.array()?;
    if line_ats.is_empty() {
        return Err(p.field("lines")?.err("a paytable needs at least one line"));
    }
    for l in line_ats {
        l.keys(keys::LINE)?;
        let outcome_at = l.field("outcome")?;
        let outcome = outcome_at.string()?;
        if let Some(valid) = &outcomes {
            if !may_pay(game, wager, valid, outcome) {
                return Err(outcome_at.err(format!("{outcome:?} is not an outcome of {game} {wager}; outcomes: {}", valid.join(", "))));
            }
        } else if !is_id(outcome) {
            return Err(outcome_at.err(format!("{outcome:?} is not an id (letters, digits and dashes)")));
        }
        if lines.iter().any(|o| o.outcome == outcome) {
            return Err(outcome_at.err(format!("outcome {outcome:?} has two lines")));
        }
        let pays_at = l.field("pays")?;
        let pay: Pay = pays_at.string()?.parse().map_err(|e: parsheet_paytable::PayParseError| pays_at.err(e.to_string()))?;
        if let Some(e) = l.optional("envy")? {
            match e.string()?.parse::<Pay>() {
                Ok(amount @ Pay::Dollars(_)) => envy.push((outcome.to_string(), amount)),
                _ => return Err(e.err("an envy amount is a dollar amount such as \"$1000\"")),
            }
        }
        if let Some(n) = l.optional("note")? {
            notes.push(format!("{outcome}: {}", n.string()?));
        }
        hands.push((outcome.to_string(), l.field("hand")?.nonempty_string()?.to_string()));
        lines.push(Line { outcome: outcome.to_string(), pay });
    }
    let terms = match p.optional("terms")? {
        None => Vec::new(),
        Some(t) => t.object()?.iter().map(|(k, v)| match v {
            Value::String(s) => Ok((k.clone(), s.clone())),
            other => Err(t.field(k).map(|a| a.err(format!("expected a string, found {}", kind(other)))).unwrap_or_else(|e| e)),
        }).collect::<Result<Vec<_>, _>>()?,
    };
    Ok(PaytableEntry {
        table: Paytable { id: id.to_string(), lines },
        section: p.field("section")?.nonempty_string()?.to_string(),
        terms,
        envy,
        notes,
        reading: p.optional("reading")?.map(|r| check_reading(known, &r)).transpose()?,
        hands,
        changed: Vec::new(),
        file: p.file.to_string(),
    })
}

fn parse_percent(a: &At) -> Result<Percent, TableError> {
    let text = a.string()?;
    let number = text.trim().strip_suffix('%').ok_or_else(|| a.err(format!("{text:?} is not a percentage like \"7.97%\"")))?;
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let digits_ok = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if int.is_empty() || !digits_ok(int) || !digits_ok(frac) || number.len() > 12 {
        return Err(a.err(format!("{text:?} is not a percentage like \"7.97%\"")));
    }
    let scaled: BigInt = format!("{int}{frac}").parse().unwrap();
    let value = BigRational::new(scaled, BigInt::from(10).pow(frac.len() as u32 + 2));
    if value > BigRational::from_integer(2.into()) {
        return Err(a.err(format!("{text:?} is over 200%, which no hold or payback can be")));
    }
    Ok(Percent { text: text.to_string(), value, places: frac.len() })
}

fn parse_figure(f: &At) -> Result<Published, TableError> {
    f.keys(keys::FIGURE)?;
    let kind_at = f.field("kind")?;
    let kind = match kind_at.string()? {
        "hold" => FigureKind::Hold,
        "house-edge" => FigureKind::HouseEdge,
        "payback" => FigureKind::Payback,
        "return" => FigureKind::Return,
        other => return Err(kind_at.err(format!("unknown kind {other:?}; kinds: hold, house-edge, payback, return"))),
    };
    let value = f.optional("value")?.map(|v| parse_percent(&v)).transpose()?;
    let range = match f.optional("range")? {
        None => None,
        Some(r) => match r.array()?.as_slice() {
            [lo, hi] => {
                let (low, high) = (parse_percent(lo)?, parse_percent(hi)?);
                if low.value > high.value {
                    return Err(r.err(format!("the range runs from {} down to {}; write the low end first", low.text, high.text)));
                }
                Some((low, high))
            }
            _ => return Err(r.err("a range is two percentages, low and high")),
        },
    };
    if value.is_some() == range.is_some() {
        return Err(f.err("a published figure has either a value or a range"));
    }
    Ok(Published {
        paytable: f.optional("paytable")?.map(|p| p.string().map(str::to_string)).transpose()?,
        kind,
        value,
        range,
        section: f.field("section")?.nonempty_string()?.to_string(),
        quote: f.field("quote")?.nonempty_string()?.to_string(),
        note: f.optional("note")?.map(|n| n.string().map(str::to_string)).transpose()?,
        candidates: Vec::new(),
    })
}

/// A published figure's `candidates`: ids unique, a reading the wager has, lines of existing
/// paytables (the figure's own, or named where the figure covers every table) with pays that
/// parse, terms the table prints, a corrected figure only for a single value; each corrects
/// something.
fn parse_candidates(game: &str, wager: &str, known: Option<&parsheet_games::Wager>, paytables: &[PaytableEntry], figure: &Published, f: &At) -> Result<Vec<Candidate>, TableError> {
    let Some(list) = f.optional("candidates")? else { return Ok(Vec::new()) };
    let mut out: Vec<Candidate> = Vec::new();
    for c in list.array()? {
        c.keys(keys::CANDIDATE)?;
        c.nested_keys("lines", keys::CANDIDATE_LINE)?;
        let id_at = c.field("id")?;
        let id = id_at.string()?;
        if !is_id(id) {
            return Err(id_at.err(format!("{id:?} is not an id (letters, digits and dashes)")));
        }
        if out.iter().any(|o| o.id == id) {
            return Err(id_at.err(format!("candidate id {id:?} appears twice")));
        }
        let reading = match c.optional("reading")? {
            None => None,
            Some(r) => Some(match (known, parsheet_games::strategy::strategy_of_wager(game, wager)) {
                (None, Some(sg)) => {
                    let v = r.string()?;
                    if !sg.variants.iter().any(|x| x.id == v) {
                        let ids: Vec<&str> = sg.variants.iter().map(|x| x.id).collect();
                        return Err(r.err(format!("{v:?} is not a reading of {game} {wager}; readings: {}", ids.join(", "))));
                    }
                    v.to_string()
                }
                _ => check_reading(known, &r)?,
            }),
        };
        let mut lines = Vec::new();
        for l in c.optional("lines")?.map(|a| a.array()).transpose()?.unwrap_or_default() {
            let table = match (l.optional("paytable")?, &figure.paytable) {
                (Some(t), _) => t.string()?.to_string(),
                (None, Some(t)) => t.clone(),
                (None, None) => return Err(l.err("the figure covers every paytable: a corrected line names its paytable")),
            };
            let Some(entry) = paytables.iter().find(|p| p.table.id == table) else {
                return Err(l.err(format!("no paytable {table:?} in this wager")));
            };
            let (outcome, pays) = candidate_line(game, wager, entry, &l)?;
            lines.push(CandidateLine { paytable: table, outcome, pays });
        }
        let mut over = Vec::new();
        if let Some(list) = c.optional("over")? {
            if figure.range.is_none() {
                return Err(list.err("only a range is read as spanning other paytables"));
            }
            for t in list.array()? {
                t.keys(keys::RANGE_TABLE)?;
                t.nested_keys("lines", keys::RANGE_LINE)?;
                let table_at = t.field("paytable")?;
                let table = table_at.string()?;
                let Some(entry) = paytables.iter().find(|p| p.table.id == table) else {
                    return Err(table_at.err(format!("no paytable {table:?} in this wager")));
                };
                let name = match t.optional("as")? {
                    Some(a) if is_id(a.string()?) => a.string()?.to_string(),
                    Some(a) => return Err(a.err(format!("{:?} is not an id (letters, digits and dashes)", a.string()?))),
                    None => table.to_string(),
                };
                let mut read = Vec::new();
                for l in t.optional("lines")?.map(|a| a.array()).transpose()?.unwrap_or_default() {
                    read.push(candidate_line(game, wager, entry, &l)?);
                }
                if over.iter().any(|o: &RangeTable| o.name == name) {
                    return Err(t.err(format!("the range spans {name:?} twice; name a table read otherwise with \"as\"")));
                }
                if !read.is_empty() && name == table {
                    return Err(t.err(format!("paytable {table} read otherwise needs a name of its own (\"as\")")));
                }
                over.push(RangeTable { paytable: table.to_string(), name, lines: read });
            }
            if over.is_empty() {
                return Err(list.err("a range spans at least one paytable"));
            }
        }
        let terms: Vec<(String, String)> = match c.optional("terms")? {
            None => Vec::new(),
            Some(t) => {
                let Some(table) = figure.paytable.as_ref().and_then(|id| paytables.iter().find(|p| &p.table.id == id)) else {
                    return Err(t.err("terms are read otherwise only for a figure of one paytable"));
                };
                let mut terms = Vec::new();
                for (k, v) in t.object()? {
                    let at = t.field(k)?;
                    if !table.terms.iter().any(|x| &x.0 == k) {
                        let printed: Vec<&str> = table.terms.iter().map(|x| x.0.as_str()).collect();
                        return Err(at.err(format!("paytable {} prints no term {k:?}; terms: {}", table.table.id, printed.join(", "))));
                    }
                    let Value::String(s) = v else { return Err(at.err(format!("expected a string, found {}", kind(v)))) };
                    terms.push((k.clone(), s.clone()));
                }
                terms
            }
        };
        let figure_value = match c.optional("figure")? {
            None => None,
            Some(v) if figure.value.is_some() => Some(parse_percent(&v)?),
            Some(v) => return Err(v.err("a range is not read otherwise as a whole; correct its paytables' lines")),
        };
        if lines.is_empty() && terms.is_empty() && figure_value.is_none() && over.is_empty() {
            return Err(c.err("a candidate corrects something: lines, terms, the figure or the paytables a range spans (a reading alone is computed anyway)"));
        }
        out.push(Candidate { id: id.to_string(), reading, lines, terms, figure: figure_value, over, note: c.field("note")?.nonempty_string()?.to_string() });
    }
    Ok(out)
}

/// A line read otherwise (`{outcome, pays}`) of paytable `entry`: an outcome the wager pays, pays
/// that parse.
fn candidate_line(game: &str, wager: &str, entry: &PaytableEntry, l: &At) -> Result<(String, Pay), TableError> {
    let outcome_at = l.field("outcome")?;
    let outcome = outcome_at.string()?;
    let known_outcome = match &outcomes_of(game, wager) {
        Some(v) => may_pay(game, wager, v, outcome),
        None => entry.table.pay(outcome).is_some(),
    };
    if !known_outcome {
        let ids: Vec<&str> = entry.table.lines.iter().map(|x| x.outcome.as_str()).collect();
        return Err(outcome_at.err(format!("{outcome:?} is not an outcome of paytable {}; outcomes: {}", entry.table.id, ids.join(", "))));
    }
    let pays_at = l.field("pays")?;
    let pays: Pay = pays_at.string()?.parse().map_err(|e: parsheet_paytable::PayParseError| pays_at.err(e.to_string()))?;
    Ok((outcome.to_string(), pays))
}

/// A table file (schema 1) holding one paytable of one wager, as JSON text: how explored
/// paytables are saved, to be read back with `--tables`.
pub fn single_paytable_file(game: &GameTables, wager: &WagerTables, table: &Paytable, note: &str) -> String {
    let lines: Vec<Value> = table
        .lines
        .iter()
        .map(|l| {
            // The printed label of the table it was explored from (the one it shares most pays
            // with; labels differ between tables), else of any table, else the id.
            let shared = |p: &&PaytableEntry| table.lines.iter().filter(|m| p.table.pay(&m.outcome) == Some(&m.pay)).count();
            let source = wager.paytables.iter().rev().max_by_key(shared);
            let hand = source.and_then(|p| p.hand(&l.outcome)).or_else(|| wager.paytables.iter().find_map(|p| p.hand(&l.outcome))).unwrap_or(&l.outcome);
            serde_json::json!({"outcome": l.outcome, "hand": hand, "pays": l.pay.to_string()})
        })
        .collect();
    let doc = serde_json::json!({
        "schema": 1,
        "game": game.game,
        "title": game.title,
        "chapter": game.chapter,
        "rulemaking": "",
        "wagers": [{
            "id": wager.id,
            "title": wager.title,
            "section": wager.section,
            "paytables": [{"id": table.id, "section": "explored", "terms": {}, "lines": lines, "notes": [note]}],
            "published": [],
            "notes": [],
        }],
    });
    let mut doc = doc;
    carry_definition(&mut doc);
    serde_json::to_string_pretty(&doc).expect("JSON values serialise") + "\n"
}

/// Makes `doc`, a schema-1 file of one game and one wager written by parsheet (a candidate, a
/// typed table), carry the wager's definition where the wager is defined in a file: schema 2,
/// its `deal`, `readings` and `outcomes`, and no empty `chapter` or `section`. So the file reads
/// on its own, and a typed table is checked against the definition's outcomes.
pub fn carry_definition(doc: &mut Value) {
    let (Some(game), Some(wager)) = (doc["game"].as_str(), doc["wagers"][0]["id"].as_str()) else { return };
    let Some(text) = parsheet_games::find(game, wager).ok().and_then(|w| w.definition_text()) else { return };
    let definition: Value = serde_json::from_str(text).expect("the canonical text is JSON");
    doc["schema"] = 2.into();
    if let (Some(w), Some(d)) = (doc["wagers"][0].as_object_mut(), definition.as_object()) {
        w.extend(d.iter().map(|(k, v)| (k.clone(), v.clone())));
        if w.get("section").is_some_and(|s| s == "") {
            w.remove("section");
        }
    }
    if let Some(root) = doc.as_object_mut() {
        if root.get("chapter").is_some_and(|c| c == "") {
            root.remove("chapter");
        }
    }
}
