//! Face Up Pai Gow house ways as data: the JSON files of `house-ways/` (schema:
//! `house-ways/README.md`), read into [`parsheet_games::house_way::HouseWay`] values.
//!
//! Built-in ways are compiled in with `include_str!`; a user names a built-in way (with options:
//! `foxwoods:full-house-front=highest-permissible`) or a file ([`parse_spec`]: an argument with
//! a `/` or ending in `.json` is a path, so `./my:way.json` works). Every field is checked here,
//! and every rule under every option, not only the chosen one's; the errors name the file and
//! the field. What cannot be a rule is refused, not read as one that never applies: a reversed
//! rank range, an option declared or given twice, a control or bidirectional character in any
//! text (names reach terminals and reports), an id that is not an identifier. Schema 2 adds
//! optional fields (`house-ways/README.md`); a schema-1 file may not use them and still reads
//! as before. Whether a way sets every hand is the validator's business
//! ([`parsheet_games::house_way::validate_deck`]), which runs every seven-card hand of the deck
//! being solved through it.

use std::collections::BTreeMap;

use parsheet_eval::Category;
use parsheet_games::house_way::{Condition, HouseWay, LowKind, Play, Prefer, Rule, Shape};
use serde_json::Value;

use crate::TableError;

/// The built-in house ways: (file, text).
pub const BUILTIN: &[(&str, &str)] = &[
    ("foxwoods.json", include_str!("../../../house-ways/foxwoods.json")),
    ("santa-ana-star.json", include_str!("../../../house-ways/santa-ana-star.json")),
    ("foxwoods-ballys-atlantic-city.json", include_str!("../../../house-ways/foxwoods-ballys-atlantic-city.json")),
    ("foxwoods-british-columbia.json", include_str!("../../../house-ways/foxwoods-british-columbia.json")),
    ("foxwoods-canterbury-park-two-pair.json", include_str!("../../../house-ways/foxwoods-canterbury-park-two-pair.json")),
    ("foxwoods-gold-star.json", include_str!("../../../house-ways/foxwoods-gold-star.json")),
    ("foxwoods-harrahs-reno-two-pair.json", include_str!("../../../house-ways/foxwoods-harrahs-reno-two-pair.json")),
    ("foxwoods-trump-plaza-two-pair.json", include_str!("../../../house-ways/foxwoods-trump-plaza-two-pair.json")),
    ("highest-high.json", include_str!("../../../house-ways/highest-high.json")),
];

/// The ids of the built-in ways.
pub fn builtin_ids() -> Vec<String> {
    BUILTIN.iter().map(|(f, _)| f.trim_end_matches(".json").to_string()).collect()
}

/// A built-in way by `id[:option=choice,...]`.
pub fn builtin(spec: &str) -> Result<HouseWay, TableError> {
    let (id, opts) = spec.split_once(':').unwrap_or((spec, ""));
    let (file, text) = BUILTIN.iter().find(|(f, _)| f.trim_end_matches(".json") == id).ok_or_else(|| TableError {
        file: spec.to_string(),
        field: String::new(),
        problem: format!("no built-in house way {id:?}; built-in: {}", builtin_ids().join(", ")),
    })?;
    parse(file, text, opts)
}

/// The file a `--house-way` argument reads and the SHA-256 of its bytes (a built-in way as
/// `house-ways/NAME.json`): the provenance of a figure computed against it.
pub fn digest(spec: &str) -> Result<(String, String), TableError> {
    match parse_spec(spec) {
        Spec::File { path, .. } => {
            let text = crate::read_table_file(std::path::Path::new(path))
                .and_then(|t| t.ok_or_else(|| "a broken link; name the house-way file itself".to_string()))
                .map_err(|problem| TableError { file: path.into(), field: String::new(), problem })?;
            Ok((crate::printable(path), crate::sha256_hex(text.as_bytes())))
        }
        Spec::Builtin { id, .. } => {
            let (file, text) = BUILTIN.iter().find(|(f, _)| f.trim_end_matches(".json") == id).ok_or_else(|| TableError {
                file: spec.to_string(),
                field: String::new(),
                problem: format!("no built-in house way {id:?}; built-in: {}", builtin_ids().join(", ")),
            })?;
            Ok((format!("house-ways/{file}"), crate::sha256_hex(text.as_bytes())))
        }
    }
}

/// The most rules a way may have, and plays a rule.
pub const MAX_RULES: usize = 1000;
pub const MAX_PLAYS: usize = 64;

/// The schema versions this build reads (`house-ways/README.md`).
pub const SCHEMAS: [u64; 2] = [1, 2];

/// What a `--house-way` argument names: a built-in way or a file, each with options
/// (`name=choice,...`, possibly empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec<'a> {
    Builtin { id: &'a str, options: &'a str },
    File { path: &'a str, options: &'a str },
}

/// Reads a `--house-way` argument. It names a file when it contains `/` or ends in `.json`,
/// and then the whole argument is the path (`./my:way.json` is the file `my:way.json`), unless
/// its last `:` is followed by an option list (`name=choice[,name=choice]`, no `/`) and what
/// precedes that `:` is itself a path (`ways/my.json:front=pair`). Otherwise it is
/// `NAME[:name=choice,...]`, a built-in way.
pub fn parse_spec(arg: &str) -> Spec<'_> {
    let is_path = |p: &str| p.contains('/') || p.ends_with(".json");
    let is_options = |o: &str| !o.is_empty() && o.split(',').all(|p| p.contains('=') && !p.contains('/'));
    if let Some((path, options)) = arg.rsplit_once(':') {
        if is_options(options) && is_path(path) {
            return Spec::File { path, options };
        }
    }
    if is_path(arg) {
        return Spec::File { path: arg, options: "" };
    }
    let (id, options) = arg.split_once(':').unwrap_or((arg, ""));
    Spec::Builtin { id, options }
}

/// A built-in way (`NAME[:options]`) or a JSON file (`PATH[:options]`), as [`parse_spec`]
/// reads the argument.
pub fn load(spec: &str) -> Result<HouseWay, TableError> {
    match parse_spec(spec) {
        Spec::File { path, options } => {
            // The limits of table files (#14): a regular UTF-8 file of at most 16 MB.
            let text = crate::read_table_file(std::path::Path::new(path))
                .and_then(|t| t.ok_or_else(|| "a broken link; name the house-way file itself".to_string()))
                .map_err(|problem| TableError { file: path.into(), field: String::new(), problem })?;
            parse(path, &text, options)
        }
        Spec::Builtin { .. } => builtin(spec),
    }
}

fn err(file: &str, field: &str, problem: impl Into<String>) -> TableError {
    TableError { file: file.into(), field: field.into(), problem: problem.into() }
}

fn rank(file: &str, field: &str, v: &Value) -> Result<u8, TableError> {
    let s = v.as_str().ok_or_else(|| err(file, field, "a rank is a string: 2-9, T, J, Q, K, A"))?;
    "23456789TJQKA".find(s).filter(|_| s.len() == 1).map(|i| i as u8).ok_or_else(|| err(file, field, format!("unknown rank {s:?}; ranks: 2-9, T, J, Q, K, A")))
}

/// `[lowest, highest]`, refused reversed: a range that can never hold is a typo, not a rule.
fn rank_range(file: &str, field: &str, v: &Value) -> Result<(u8, u8), TableError> {
    let a = v.as_array().filter(|a| a.len() == 2).ok_or_else(|| err(file, field, "expected [lowest, highest]"))?;
    let (lo, hi) = (rank(file, &format!("{field}[0]"), &a[0])?, rank(file, &format!("{field}[1]"), &a[1])?);
    if lo > hi {
        let name = |r: u8| &"23456789TJQKA"[r as usize..r as usize + 1];
        return Err(err(file, field, format!("reversed: [{:?}, {:?}] holds no rank; write [lowest, highest], here [{:?}, {:?}]", name(lo), name(hi), name(hi), name(lo))));
    }
    Ok((lo, hi))
}

fn category(file: &str, field: &str, v: &Value) -> Result<Category, TableError> {
    let s = v.as_str().unwrap_or("");
    let all = [
        ("high-card", Category::HighCard),
        ("pair", Category::Pair),
        ("two-pair", Category::TwoPair),
        ("three-of-a-kind", Category::ThreeOfAKind),
        ("straight", Category::Straight),
        ("flush", Category::Flush),
        ("full-house", Category::FullHouse),
        ("four-of-a-kind", Category::FourOfAKind),
        ("straight-flush", Category::StraightFlush),
        ("royal-flush", Category::RoyalFlush),
        ("five-aces", Category::FiveAces),
    ];
    all.iter().find(|c| c.0 == s).map(|c| c.1).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|c| c.0).collect();
        err(file, field, format!("unknown category {s:?}; categories: {}", names.join(", ")))
    })
}

fn boolean(file: &str, field: &str, v: &Value) -> Result<bool, TableError> {
    v.as_bool().ok_or_else(|| err(file, field, "expected true or false"))
}

fn only(file: &str, field: &str, v: &Value, keys: &[&str]) -> Result<(), TableError> {
    let obj = v.as_object().ok_or_else(|| err(file, field, "expected an object"))?;
    for k in obj.keys() {
        if !keys.contains(&k.as_str()) {
            return Err(err(file, &format!("{field}.{k}"), format!("unknown field; fields: {}", keys.join(", "))));
        }
    }
    Ok(())
}

/// A character a terminal, a log or a report could be steered by: a control character (C0,
/// DEL, C1) or a bidirectional formatting character (a line that reads one way and runs
/// another).
fn is_steering(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{061c}')
}

/// Refuses a steering character in any string of the document, keys included: names, titles
/// and ids are printed to terminals and into reports.
fn plain_text(file: &str, field: &str, v: &Value) -> Result<(), TableError> {
    let check = |field: &str, s: &str| match s.chars().find(|&c| is_steering(c)) {
        Some(c) => Err(err(file, field, format!("holds the control character U+{:04X}; a house way's text is plain, one line", c as u32))),
        None => Ok(()),
    };
    match v {
        Value::String(s) => check(field, s),
        Value::Array(a) => a.iter().enumerate().try_for_each(|(i, x)| plain_text(file, &format!("{field}[{i}]"), x)),
        Value::Object(o) => o.iter().try_for_each(|(k, x)| {
            let at = if field.is_empty() { k.clone() } else { format!("{field}.{k}") };
            check(&at, k)?;
            plain_text(file, &at, x)
        }),
        _ => Ok(()),
    }
}

/// An id: what names a way on the command line, in labels and reports.
fn identifier(file: &str, field: &str, s: &str) -> Result<(), TableError> {
    let ok = !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(err(file, field, format!("{s:?} is not an id: 1 to 64 of the characters a-z, A-Z, 0-9, '-', '_', '.'")))
    }
}

/// The options a way's text declares: (id, choices, default), in file order.
pub fn declared_options(file: &str, text: &str) -> Result<Vec<(String, Vec<String>, String)>, TableError> {
    parse(file, text, "")?;
    let root: Value = parsheet_json::from_str(text).map_err(|(field, problem)| err(file, &field, problem))?;
    let list = root.get("options").and_then(Value::as_array).cloned().unwrap_or_default();
    Ok(list
        .iter()
        .map(|o| {
            let s = |k: &str| o.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
            let choices = o.get("choices").and_then(Value::as_object).map(|c| c.keys().cloned().collect()).unwrap_or_default();
            (s("id"), choices, s("default"))
        })
        .collect())
}

/// The options the way of a `--house-way` argument declares, each with the choice the argument
/// names (else its default): (id, chosen, default, choices), in file order.
pub fn chosen_options(spec: &str) -> Result<Vec<(String, String, String, Vec<String>)>, TableError> {
    let (file, text, given) = match parse_spec(spec) {
        Spec::File { path, options } => {
            let text = crate::read_table_file(std::path::Path::new(path))
                .and_then(|t| t.ok_or_else(|| "a broken link; name the house-way file itself".to_string()))
                .map_err(|problem| TableError { file: path.into(), field: String::new(), problem })?;
            (path.to_string(), text, options)
        }
        Spec::Builtin { id, options } => {
            let (file, text) = BUILTIN.iter().find(|(f, _)| f.trim_end_matches(".json") == id).ok_or_else(|| err(spec, "", format!("no built-in house way {id:?}; built-in: {}", builtin_ids().join(", "))))?;
            ((*file).to_string(), (*text).to_string(), options)
        }
    };
    let picks: Vec<(&str, &str)> = given.split(',').filter_map(|p| p.split_once('=')).collect();
    Ok(declared_options(&file, &text)?
        .into_iter()
        .map(|(id, choices, default)| {
            let chosen = picks.iter().find(|p| p.0 == id).map_or_else(|| default.clone(), |p| p.1.to_string());
            (id, chosen, default, choices)
        })
        .collect())
}

/// Every `id[:option=choice,...]` of a built-in way: each combination of its options' choices
/// (the defaults first), for checks that must cover every reading a user can pick.
pub fn builtin_specs(id: &str) -> Result<Vec<String>, TableError> {
    let (file, text) = BUILTIN.iter().find(|(f, _)| f.trim_end_matches(".json") == id).ok_or_else(|| err(id, "", format!("no built-in house way {id:?}")))?;
    let mut specs = vec![Vec::new()];
    for (oid, choices, default) in declared_options(file, text)? {
        let picks: Vec<String> = std::iter::once(&default).chain(choices.iter().filter(|c| **c != default)).map(|c| format!("{oid}={c}")).collect();
        specs = specs.iter().flat_map(|s| picks.iter().map(|p| [s.clone(), vec![p.clone()]].concat())).collect();
    }
    Ok(specs.into_iter().map(|s| if s.is_empty() { id.to_string() } else { format!("{id}:{}", s.join(",")) }).collect())
}

/// Parses a way's text under `options` ("name=choice,name=choice"; unnamed options take their
/// defaults). Every rule is parsed, under whichever option it is filed, so a file is refused
/// at once rather than when someone first picks the option with the broken rule.
pub fn parse(file: &str, text: &str, options: &str) -> Result<HouseWay, TableError> {
    let root: Value = parsheet_json::from_str(text).map_err(|(field, problem)| err(file, &field, problem))?;
    plain_text(file, "", &root)?;
    only(file, "", &root, &["schema", "id", "title", "source", "adaptations", "options", "rules"])?;
    let schema = root.get("schema").and_then(Value::as_u64).filter(|s| SCHEMAS.contains(s)).ok_or_else(|| err(file, "schema", "unsupported schema version; this parsheet reads schemas 1 and 2"))?;
    let text_field = |k: &str| root.get(k).and_then(Value::as_str).map(str::to_string).ok_or_else(|| err(file, k, "missing string"));
    let id = text_field("id")?;
    identifier(file, "id", &id)?;
    let title = text_field("title")?;
    text_field("source")?;
    if let Some(a) = root.get("adaptations") {
        let ok = a.as_array().is_some_and(|a| a.iter().all(Value::is_string));
        if !ok {
            return Err(err(file, "adaptations", "expected an array of strings"));
        }
    }

    // Options: declared choices, defaults, then the caller's picks.
    let mut chosen: BTreeMap<String, String> = BTreeMap::new();
    let mut declared: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let list = match root.get("options") {
        None => Vec::new(),
        Some(v) => v.as_array().cloned().ok_or_else(|| err(file, "options", "expected an array of options"))?,
    };
    for (i, o) in list.iter().enumerate() {
        let f = format!("options[{i}]");
        only(file, &f, o, &["id", "description", "default", "choices"])?;
        let oid = o.get("id").and_then(Value::as_str).ok_or_else(|| err(file, &format!("{f}.id"), "missing string"))?;
        identifier(file, &format!("{f}.id"), oid)?;
        if declared.contains_key(oid) {
            return Err(err(file, &format!("{f}.id"), format!("option {oid:?} is declared twice; give each option one entry")));
        }
        if o.get("description").is_some_and(|d| !d.is_string()) {
            return Err(err(file, &format!("{f}.description"), "expected a string"));
        }
        let choices_obj = o.get("choices").and_then(Value::as_object).filter(|c| !c.is_empty()).ok_or_else(|| err(file, &format!("{f}.choices"), "expected a non-empty object of choice: description"))?;
        for (c, d) in choices_obj {
            identifier(file, &format!("{f}.choices"), c)?;
            if !d.is_string() {
                return Err(err(file, &format!("{f}.choices.{c}"), "expected a string describing the choice"));
            }
        }
        let choices: Vec<String> = choices_obj.keys().cloned().collect();
        let default = o.get("default").and_then(Value::as_str).filter(|d| choices.iter().any(|c| c == d)).ok_or_else(|| err(file, &format!("{f}.default"), "must name one of the choices"))?;
        chosen.insert(oid.into(), default.into());
        declared.insert(oid.into(), choices);
    }
    let mut suffix = Vec::new();
    let mut picked: Vec<&str> = Vec::new();
    for pick in options.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = pick.split_once('=').ok_or_else(|| err(file, "", format!("option {pick:?}: write name=choice")))?;
        let choices = declared.get(k).ok_or_else(|| err(file, "", format!("unknown option {k:?}; options: {}", declared.keys().cloned().collect::<Vec<_>>().join(", "))))?;
        if picked.contains(&k) {
            return Err(err(file, "", format!("option {k} is given twice; give each option once")));
        }
        picked.push(k);
        if !choices.iter().any(|c| c == v) {
            return Err(err(file, "", format!("option {k}: unknown choice {v:?}; choices: {}", choices.join(", "))));
        }
        chosen.insert(k.into(), v.into());
        suffix.push(format!("{k}={v}"));
    }

    let mut rules = Vec::new();
    let list = root.get("rules").and_then(Value::as_array).ok_or_else(|| err(file, "rules", "expected an array of rules"))?;
    // Every rule is tried on each of the 154,143,080 hands the validator and the solver set, so
    // a size far past any casino's way is refused rather than left to run for days.
    if list.len() > MAX_RULES {
        return Err(err(file, "rules", format!("{} rules; at most {MAX_RULES} (a published house way has a few dozen)", list.len())));
    }
    for (i, r) in list.iter().enumerate() {
        let f = format!("rules[{i}]");
        let (rule, applies) = parse_rule(file, &f, r, schema, &declared, &chosen)?;
        if applies {
            rules.push(rule);
        }
    }
    let id = if suffix.is_empty() { id } else { format!("{id}:{}", suffix.join(",")) };
    Ok(HouseWay { id, title, rules })
}

/// One rule, and whether it applies under the chosen options.
fn parse_rule(file: &str, f: &str, r: &Value, schema: u64, declared: &BTreeMap<String, Vec<String>>, chosen: &BTreeMap<String, String>) -> Result<(Rule, bool), TableError> {
    // Schema 2: a rule may quote where it comes from (a borrowed rule names its source).
    only(file, f, r, if schema >= 2 { &["name", "when", "option", "plays", "source"] } else { &["name", "when", "option", "plays"] })?;
    if r.get("source").is_some_and(|s| !s.is_string()) {
        return Err(err(file, &format!("{f}.source"), "expected a string"));
    }
    let name = r.get("name").and_then(Value::as_str).filter(|n| !n.is_empty()).ok_or_else(|| err(file, &format!("{f}.name"), "missing string"))?;
    let mut applies = true;
    if let Some(opt) = r.get("option") {
        let obj = opt.as_object().ok_or_else(|| err(file, &format!("{f}.option"), "expected an object option: choice"))?;
        for (k, v) in obj {
            let choices = declared.get(k).ok_or_else(|| err(file, &format!("{f}.option.{k}"), "undeclared option"))?;
            let v = v.as_str().filter(|v| choices.iter().any(|c| c == v)).ok_or_else(|| err(file, &format!("{f}.option.{k}"), "not one of the option's choices"))?;
            applies &= chosen[k] == v;
        }
    }
    let mut when = Condition::default();
    if let Some(w) = r.get("when") {
        let wf = format!("{f}.when");
        let v1 = ["shape", "complete", "top_rank", "single_at_least", "pair_at_least"];
        let v2 = ["shape", "complete", "top_rank", "single_at_least", "pair_at_least", "low_pair", "singles_at_least", "ace_high_straight_with_joker", "lower_straight"];
        only(file, &wf, w, if schema >= 2 { &v2 } else { &v1 })?;
        if let Some(s) = w.get("shape") {
            for (j, s) in s.as_array().ok_or_else(|| err(file, &format!("{wf}.shape"), "expected an array of shapes"))?.iter().enumerate() {
                let name = s.as_str().unwrap_or("");
                when.shapes.push(Shape::from_name(name).ok_or_else(|| {
                    let names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
                    err(file, &format!("{wf}.shape[{j}]"), format!("unknown shape {name:?}; shapes: {}", names.join(", ")))
                })?);
            }
        }
        if let Some(c) = w.get("complete") {
            when.complete = Some(boolean(file, &format!("{wf}.complete"), c)?);
        }
        if let Some(t) = w.get("top_rank") {
            when.top_rank = Some(rank_range(file, &format!("{wf}.top_rank"), t)?);
        }
        if let Some(v) = w.get("single_at_least") {
            when.single_at_least = Some(rank(file, &format!("{wf}.single_at_least"), v)?);
        }
        if let Some(v) = w.get("pair_at_least") {
            when.pair_at_least = Some(rank(file, &format!("{wf}.pair_at_least"), v)?);
        }
        if let Some(t) = w.get("low_pair") {
            when.low_pair = Some(rank_range(file, &format!("{wf}.low_pair"), t)?);
        }
        if let Some(v) = w.get("singles_at_least") {
            let sf = format!("{wf}.singles_at_least");
            let a = v.as_array().filter(|a| a.len() == 2).ok_or_else(|| err(file, &sf, "expected [first, second], the two best singles as a low hand, e.g. [\"A\", \"J\"]"))?;
            let (first, second) = (rank(file, &format!("{sf}[0]"), &a[0])?, rank(file, &format!("{sf}[1]"), &a[1])?);
            if first <= second {
                return Err(err(file, &sf, "the first rank must be the higher: two singles are different ranks, and a low hand is named by its higher card first"));
            }
            when.singles_at_least = Some((first, second));
        }
        if let Some(v) = w.get("ace_high_straight_with_joker") {
            when.ace_high_straight_with_joker = Some(boolean(file, &format!("{wf}.ace_high_straight_with_joker"), v)?);
        }
        if let Some(v) = w.get("lower_straight") {
            when.lower_straight = Some(boolean(file, &format!("{wf}.lower_straight"), v)?);
        }
    }
    let mut plays = Vec::new();
    let pl = r.get("plays").and_then(Value::as_array).filter(|a| !a.is_empty()).ok_or_else(|| err(file, &format!("{f}.plays"), "expected a non-empty array of plays"))?;
    if pl.len() > MAX_PLAYS {
        return Err(err(file, &format!("{f}.plays"), format!("{} plays; at most {MAX_PLAYS} (a hand has 21 settings)", pl.len())));
    }
    for (j, p) in pl.iter().enumerate() {
        let pf = format!("{f}.plays[{j}]");
        let v1 = ["high_at_least", "low", "low_at_least", "prefer"];
        let v2 = ["high_at_least", "low", "low_at_least", "prefer", "high_at_most", "low_at_most"];
        only(file, &pf, p, if schema >= 2 { &v2 } else { &v1 })?;
        let mut play = Play::default();
        if let Some(v) = p.get("high_at_least") {
            play.high_at_least = Some(category(file, &format!("{pf}.high_at_least"), v)?);
        }
        if let Some(v) = p.get("high_at_most") {
            play.high_at_most = Some(category(file, &format!("{pf}.high_at_most"), v)?);
            if play.high_at_least.zip(play.high_at_most).is_some_and(|(lo, hi)| lo > hi) {
                return Err(err(file, &format!("{pf}.high_at_most"), "below high_at_least: no setting can meet both"));
            }
        }
        if let Some(v) = p.get("low") {
            play.low = match v.as_str() {
                Some("any") => LowKind::Any,
                Some("pair") => LowKind::Pair,
                Some("no-pair") => LowKind::NoPair,
                _ => return Err(err(file, &format!("{pf}.low"), "expected \"any\", \"pair\" or \"no-pair\"")),
            };
        }
        if let Some(v) = p.get("low_at_least") {
            play.low_at_least = Some(rank(file, &format!("{pf}.low_at_least"), v)?);
        }
        if let Some(v) = p.get("low_at_most") {
            play.low_at_most = Some(rank(file, &format!("{pf}.low_at_most"), v)?);
            if play.low_at_least.zip(play.low_at_most).is_some_and(|(lo, hi)| lo > hi) {
                return Err(err(file, &format!("{pf}.low_at_most"), "below low_at_least: no setting can meet both"));
            }
        }
        if let Some(v) = p.get("prefer") {
            play.prefer = match v.as_str() {
                Some("low") => Prefer::Low,
                Some("high") => Prefer::High,
                _ => return Err(err(file, &format!("{pf}.prefer"), "expected \"low\" or \"high\"")),
            };
        }
        plays.push(play);
    }
    Ok((Rule { name: name.into(), when, plays }, applies))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_parse_and_highest_high_matches_the_fixture() {
        for id in builtin_ids() {
            builtin(&id).unwrap();
        }
        let h = builtin("highest-high").unwrap();
        assert_eq!(h.rules, HouseWay::highest_high().rules);
        let f = builtin("foxwoods:full-house-front=highest-permissible").unwrap();
        assert!(f.rules.iter().any(|r| r.name.contains("highest permissible")));
        assert!(builtin("foxwoods:full-house-front=nonsense").unwrap_err().problem.contains("choices"));
    }

    #[test]
    fn errors_name_the_field() {
        let e = parse("x.json", r#"{"schema":1,"id":"x","title":"t","source":"s","rules":[{"name":"n","plays":[{"low":"trips"}]}]}"#, "").unwrap_err();
        assert_eq!(e.field, "rules[0].plays[0].low");
    }
}
