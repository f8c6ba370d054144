//! Face Up Pai Gow house ways as data: the JSON files of `house-ways/` (schema:
//! `house-ways/README.md`), read into [`parsheet_games::house_way::HouseWay`] values.
//!
//! Built-in ways are compiled in with `include_str!`; a user names a built-in way (with options:
//! `foxwoods:full-house-front=highest-permissible`) or a file. Every field is checked here; the
//! errors name the file and the field. Whether a way sets every hand is the validator's business
//! ([`parsheet_games::house_way::validate`]), which runs every seven-card hand through it.

use std::collections::BTreeMap;

use parsheet_eval::Category;
use parsheet_games::house_way::{Condition, HouseWay, LowKind, Play, Prefer, Rule, Shape};
use serde_json::Value;

use crate::TableError;

/// The built-in house ways: (file, text).
pub const BUILTIN: &[(&str, &str)] = &[
    ("foxwoods.json", include_str!("../../../house-ways/foxwoods.json")),
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

/// The most rules a way may have, and plays a rule.
pub const MAX_RULES: usize = 1000;
pub const MAX_PLAYS: usize = 64;

/// A built-in way (`NAME[:options]`) or a JSON file (`PATH[:options]`, a path containing `/` or
/// ending in `.json`).
pub fn load(spec: &str) -> Result<HouseWay, TableError> {
    let (path, opts) = spec.split_once(':').unwrap_or((spec, ""));
    if path.contains('/') || path.ends_with(".json") {
        // The limits of table files (#14): a regular UTF-8 file of at most 16 MB.
        let text = crate::read_table_file(std::path::Path::new(path))
            .and_then(|t| t.ok_or_else(|| "a broken link; name the house-way file itself".to_string()))
            .map_err(|problem| TableError { file: path.into(), field: String::new(), problem })?;
        parse(path, &text, opts)
    } else {
        builtin(spec)
    }
}

fn err(file: &str, field: &str, problem: impl Into<String>) -> TableError {
    TableError { file: file.into(), field: field.into(), problem: problem.into() }
}

fn rank(file: &str, field: &str, v: &Value) -> Result<u8, TableError> {
    let s = v.as_str().ok_or_else(|| err(file, field, "a rank is a string: 2-9, T, J, Q, K, A"))?;
    "23456789TJQKA".find(s).filter(|_| s.len() == 1).map(|i| i as u8).ok_or_else(|| err(file, field, format!("unknown rank {s:?}; ranks: 2-9, T, J, Q, K, A")))
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

fn only(file: &str, field: &str, v: &Value, keys: &[&str]) -> Result<(), TableError> {
    let obj = v.as_object().ok_or_else(|| err(file, field, "expected an object"))?;
    for k in obj.keys() {
        if !keys.contains(&k.as_str()) {
            return Err(err(file, &format!("{field}.{k}"), format!("unknown field; fields: {}", keys.join(", "))));
        }
    }
    Ok(())
}

/// Parses a way's text under `options` ("name=choice,name=choice"; unnamed options take their
/// defaults).
pub fn parse(file: &str, text: &str, options: &str) -> Result<HouseWay, TableError> {
    let root: Value = parsheet_json::from_str(text).map_err(|(field, problem)| err(file, &field, problem))?;
    only(file, "", &root, &["schema", "id", "title", "source", "adaptations", "options", "rules"])?;
    if root.get("schema").and_then(Value::as_u64) != Some(1) {
        return Err(err(file, "schema", "unsupported schema version; this parsheet reads schema 1"));
    }
    let text_field = |k: &str| root.get(k).and_then(Value::as_str).map(str::to_string).ok_or_else(|| err(file, k, "missing string"));
    let id = text_field("id")?;
    let title = text_field("title")?;
    text_field("source")?;

    // Options: declared choices, defaults, then the caller's picks.
    let mut chosen: BTreeMap<String, String> = BTreeMap::new();
    let mut declared: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (i, o) in root.get("options").and_then(Value::as_array).cloned().unwrap_or_default().iter().enumerate() {
        let f = format!("options[{i}]");
        only(file, &f, o, &["id", "description", "default", "choices"])?;
        let oid = o.get("id").and_then(Value::as_str).ok_or_else(|| err(file, &format!("{f}.id"), "missing string"))?;
        let choices: Vec<String> = o.get("choices").and_then(Value::as_object).ok_or_else(|| err(file, &format!("{f}.choices"), "expected an object of choice: description"))?.keys().cloned().collect();
        let default = o.get("default").and_then(Value::as_str).filter(|d| choices.iter().any(|c| c == d)).ok_or_else(|| err(file, &format!("{f}.default"), "must name one of the choices"))?;
        chosen.insert(oid.into(), default.into());
        declared.insert(oid.into(), choices);
    }
    let mut suffix = Vec::new();
    for pick in options.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = pick.split_once('=').ok_or_else(|| err(file, "", format!("option {pick:?}: write name=choice")))?;
        let choices = declared.get(k).ok_or_else(|| err(file, "", format!("unknown option {k:?}; options: {}", declared.keys().cloned().collect::<Vec<_>>().join(", "))))?;
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
        only(file, &f, r, &["name", "when", "option", "plays"])?;
        let name = r.get("name").and_then(Value::as_str).ok_or_else(|| err(file, &format!("{f}.name"), "missing string"))?;
        if let Some(opt) = r.get("option") {
            let obj = opt.as_object().ok_or_else(|| err(file, &format!("{f}.option"), "expected an object option: choice"))?;
            let mut applies = true;
            for (k, v) in obj {
                let choices = declared.get(k).ok_or_else(|| err(file, &format!("{f}.option.{k}"), "undeclared option"))?;
                let v = v.as_str().filter(|v| choices.iter().any(|c| c == v)).ok_or_else(|| err(file, &format!("{f}.option.{k}"), "not one of the option's choices"))?;
                applies &= chosen[k] == v;
            }
            if !applies {
                continue;
            }
        }
        let mut when = Condition::default();
        if let Some(w) = r.get("when") {
            let wf = format!("{f}.when");
            only(file, &wf, w, &["shape", "complete", "top_rank", "single_at_least", "pair_at_least"])?;
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
                when.complete = Some(c.as_bool().ok_or_else(|| err(file, &format!("{wf}.complete"), "expected true or false"))?);
            }
            if let Some(t) = w.get("top_rank") {
                let a = t.as_array().filter(|a| a.len() == 2).ok_or_else(|| err(file, &format!("{wf}.top_rank"), "expected [lowest, highest]"))?;
                when.top_rank = Some((rank(file, &format!("{wf}.top_rank[0]"), &a[0])?, rank(file, &format!("{wf}.top_rank[1]"), &a[1])?));
            }
            if let Some(v) = w.get("single_at_least") {
                when.single_at_least = Some(rank(file, &format!("{wf}.single_at_least"), v)?);
            }
            if let Some(v) = w.get("pair_at_least") {
                when.pair_at_least = Some(rank(file, &format!("{wf}.pair_at_least"), v)?);
            }
        }
        let mut plays = Vec::new();
        let pl = r.get("plays").and_then(Value::as_array).filter(|a| !a.is_empty()).ok_or_else(|| err(file, &format!("{f}.plays"), "expected a non-empty array of plays"))?;
        if pl.len() > MAX_PLAYS {
            return Err(err(file, &format!("{f}.plays"), format!("{} plays; at most {MAX_PLAYS} (a hand has 21 settings)", pl.len())));
        }
        for (j, p) in pl.iter().enumerate() {
            let pf = format!("{f}.plays[{j}]");
            only(file, &pf, p, &["high_at_least", "low", "low_at_least", "prefer"])?;
            let mut play = Play::default();
            if let Some(v) = p.get("high_at_least") {
                play.high_at_least = Some(category(file, &format!("{pf}.high_at_least"), v)?);
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
            if let Some(v) = p.get("prefer") {
                play.prefer = match v.as_str() {
                    Some("low") => Prefer::Low,
                    Some("high") => Prefer::High,
                    _ => return Err(err(file, &format!("{pf}.prefer"), "expected \"low\" or \"high\"")),
                };
            }
            plays.push(play);
        }
        rules.push(Rule { name: name.into(), when, plays });
    }
    let id = if suffix.is_empty() { id } else { format!("{id}:{}", suffix.join(",")) };
    Ok(HouseWay { id, title, rules })
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
