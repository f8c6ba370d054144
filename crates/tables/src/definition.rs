//! The text form of a wager definition (`parsheet_define`): `deal`, `readings` and `outcomes`,
//! read strictly (an unknown key, condition or rank is an error naming its JSON path and what is
//! allowed) and then checked as a whole (`Definition::problems`). The format is docs/WAGERS.md's.

use parsheet_define::{rank_of, Alike, Between, Condition, Deal, Definition, Hand, Joker, Outcome, Ranking, Reading, Rules, RulesChange, SuitGroup};
use serde_json::Value;

use crate::{At, TableError};

/// The keys of a definition's parts.
pub mod keys {
    pub const DEFINITION: &[&str] = &["deal", "readings", "outcomes"];
    pub const DEAL: &[&str] = &["decks", "jokers", "cards", "joker", "deuces", "ace"];
    pub const RULES: &[&str] = &["joker", "deuces", "ace"];
    pub const READING: &[&str] = &["id", "description", "deal", "outcomes"];
    pub const OUTCOME: &[&str] = &["id", "hand", "when"];
    /// Each condition is an object with one of these keys ...
    pub const CONDITIONS: &[&str] = &["all", "any", "not", "forms", "longest-flush", "longest-straight-flush", "jokers", "wilds", "holds", "rank-count", "pairs", "suited", "same", "same-value", "sum"];
    /// ... and, for some, these beside it.
    pub const FORMS: &[&str] = &["forms", "ranks", "ranking", "rules"];
    pub const WITH_RULES: &[&str] = &["rules"];
    pub const RANK_COUNT: &[&str] = &["rank-count", "rank"];
    pub const SUM: &[&str] = &["sum", "values", "joker", "modulo"];
    pub const SUIT_GROUP: &[&str] = &["ranks", "filled"];
    pub const BETWEEN: &[&str] = &["at-least", "at-most", "from", "to"];
}

/// A definition document: an object with `deal`, `outcomes` and optional `readings` (the
/// wager objects of a schema-2 tables file hold the same keys beside their paytables).
pub fn parse_definition(file: &str, text: &str) -> Result<Definition, TableError> {
    let value: Value = serde_json::from_str(text).map_err(|e| TableError { file: file.into(), field: String::new(), problem: format!("not JSON: {e}") })?;
    let at = At { file, path: String::new(), value: &value };
    at.keys(keys::DEFINITION)?;
    definition(&at)
}

/// The definition held by the object at `w` (its `deal`, `readings` and `outcomes`).
pub(crate) fn definition(w: &At) -> Result<Definition, TableError> {
    let d = w.field("deal")?;
    d.keys(keys::DEAL)?;
    let deal = Deal { decks: whole(&d.field("decks")?)?, jokers: optional_whole(&d, "jokers")?.unwrap_or(0), cards: whole(&d.field("cards")?)?, rules: rules(&d)?.apply(Rules::default()) };
    let mut readings = Vec::new();
    if let Some(rs) = optional(&w, "readings")? {
        for r in rs.array()? {
            r.keys(keys::READING)?;
            let change = match optional(&r, "deal")? {
                Some(d) => {
                    d.keys(keys::RULES)?;
                    rules(&d)?
                }
                None => RulesChange::default(),
            };
            let mut outcomes = Vec::new();
            if let Some(o) = optional(&r, "outcomes")? {
                let map = o.object()?;
                for id in map.keys() {
                    outcomes.push((id.clone(), condition(&o.field(id)?)?));
                }
            }
            // Each replaces one outcome's condition, so their order says nothing: sorted, a
            // definition read back from its canonical text (keys sorted) is the same definition.
            outcomes.sort_by(|a, b| a.0.cmp(&b.0));
            readings.push(Reading { id: id(&r.field("id")?)?, description: r.field("description")?.nonempty_string()?.to_string(), rules: change, outcomes });
        }
    }
    let mut outcomes = Vec::new();
    for o in w.field("outcomes")?.array()? {
        o.keys(keys::OUTCOME)?;
        outcomes.push(Outcome { id: id(&o.field("id")?)?, hand: o.field("hand")?.nonempty_string()?.to_string(), when: condition(&o.field("when")?)? });
    }
    let definition = Definition { deal, readings, outcomes };
    if let Some(p) = definition.problems().into_iter().next() {
        let field = if w.path.is_empty() { p.at } else { format!("{}.{}", w.path, p.at) };
        return Err(TableError { file: w.file.into(), field, problem: p.problem });
    }
    Ok(definition)
}

/// The canonical text of the `keys` of the object at `w` that it holds: keys sorted at every
/// depth, no whitespace. The results cache keys a defined wager's counts by it.
pub(crate) fn canonical(w: &At, keys: &[&str]) -> String {
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&m[k]))).collect())
            }
            Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    let parts = w.value.as_object().map(|m| m.iter().filter(|(k, _)| keys.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default();
    sorted(&Value::Object(parts)).to_string()
}

/// Whether `s` is a defined id: lowercase letters and digits in words joined by single dashes
/// (`6-or-33`, `four-aces`; stricter than schema 1's ids, which stay as they were).
pub(crate) fn is_defined_id(s: &str) -> bool {
    !s.is_empty() && s.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
}

/// A key that may be left out; given as `null`, it is refused (one way to say "absent").
fn optional<'a>(a: &At<'a>, name: &str) -> Result<Option<At<'a>>, TableError> {
    match a.object()?.get(name) {
        None => Ok(None),
        Some(serde_json::Value::Null) => Err(a.field(name)?.err("null: leave the key out instead")),
        Some(_) => a.field(name).map(Some),
    }
}

/// An outcome's or a reading's id ([`is_defined_id`]).
fn id(a: &At) -> Result<String, TableError> {
    let s = a.nonempty_string()?;
    if !is_defined_id(s) {
        return Err(a.err(format!("{s:?} is not an id: lowercase letters and digits in words joined by single dashes (e.g. \"four-aces\", \"6-or-33\")")));
    }
    Ok(s.to_string())
}

fn whole(a: &At) -> Result<u32, TableError> {
    a.value.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| a.err(format!("expected a whole number, found {}", crate::kind(a.value))))
}

fn optional_whole(a: &At, name: &str) -> Result<Option<u32>, TableError> {
    optional(&a, name)?.map(|x| whole(&x)).transpose()
}

/// The rule keys of `a` (`joker`, `deuces`, `ace`), as a change.
fn rules(a: &At) -> Result<RulesChange, TableError> {
    let pick = |name: &str, choices: &[&str]| -> Result<Option<usize>, TableError> {
        let Some(x) = optional(&a, name)? else { return Ok(None) };
        let s = x.string()?;
        choices.iter().position(|c| *c == s).map(Some).ok_or_else(|| x.err(format!("{s:?}; {name} may be: {}", choices.join(", "))))
    };
    Ok(RulesChange {
        joker: pick("joker", &["wild", "bug"])?.map(|i| [Joker::Wild, Joker::Bug][i]),
        deuces_wild: pick("deuces", &["natural", "wild"])?.map(|i| i == 1),
        ace_low: pick("ace", &["high-or-low", "high-only"])?.map(|i| i == 0),
    })
}

/// A count: `n`, or an object of `at-least`, `at-most`, or `from` and `to`.
fn between(a: &At, read: &dyn Fn(&At) -> Result<u32, TableError>) -> Result<Between, TableError> {
    if !a.value.is_object() {
        return Ok(Between::exactly(read(a)?));
    }
    a.keys(keys::BETWEEN)?;
    let get = |name: &str| optional(&a, name)?.map(|x| read(&x)).transpose();
    let b = match (get("at-least")?, get("at-most")?, get("from")?, get("to")?) {
        (Some(n), None, None, None) => Between::at_least(n),
        (None, Some(n), None, None) => Between::at_most(n),
        (Some(lo), Some(hi), None, None) | (None, None, Some(lo), Some(hi)) => Between { min: lo, max: hi },
        _ => return Err(a.err("a range is `at-least`, `at-most`, both, or `from` and `to`")),
    };
    if b.min > b.max {
        // The bounds as written (a rank as its letter), not as counted.
        let written: Vec<String> = ["at-least", "from", "at-most", "to"].iter().filter_map(|k| a.value.get(k).map(|v| format!("{k} {v}"))).collect();
        return Err(a.err(format!("the range {} is empty: the first bound must not be above the second", written.join(", "))));
    }
    Ok(b)
}

fn rank(a: &At) -> Result<u32, TableError> {
    let s = a.string()?;
    rank_of(s).map(u32::from).ok_or_else(|| a.err(format!("{s:?} is not a rank; ranks: 2 3 4 5 6 7 8 9 T (or 10) J Q K A")))
}

fn ranks(a: &At) -> Result<Vec<u8>, TableError> {
    a.array()?.iter().map(|r| rank(r).map(|r| r as u8)).collect()
}

fn conditions(a: &At) -> Result<Vec<Condition>, TableError> {
    a.array()?.iter().map(condition).collect()
}

/// One condition: an object with one of [`keys::CONDITIONS`].
pub(crate) fn condition(a: &At) -> Result<Condition, TableError> {
    let map = a.object()?;
    let named: Vec<&str> = map.keys().map(String::as_str).filter(|k| keys::CONDITIONS.contains(k)).collect();
    let [key] = named[..] else {
        return Err(a.err(format!("a condition is an object with one of the keys {}; found {}", keys::CONDITIONS.join(", "), if named.is_empty() { "none".to_string() } else { named.join(" and ") })));
    };
    let v = a.field(key)?;
    let change = |a: &At| -> Result<RulesChange, TableError> {
        match optional(&a, "rules")? {
            Some(r) => {
                r.keys(keys::RULES)?;
                rules(&r)
            }
            None => Ok(RulesChange::default()),
        }
    };
    Ok(match key {
        "all" | "any" | "not" => {
            a.keys(&[key])?;
            match key {
                "all" => Condition::All(conditions(&v)?),
                "any" => Condition::Any(conditions(&v)?),
                _ => Condition::Not(Box::new(condition(&v)?)),
            }
        }
        "forms" => {
            a.keys(keys::FORMS)?;
            let s = v.string()?;
            let hand = Hand::of(s).ok_or_else(|| v.err(format!("unknown hand {s:?}; hands: {}", Hand::ALL.map(Hand::id).join(", "))))?;
            let ranking = match optional(&a, "ranking")? {
                None => Ranking::Poker,
                Some(r) => match r.string()? {
                    "poker" => Ranking::Poker,
                    "three-card" => Ranking::ThreeCard,
                    other => return Err(r.err(format!("unknown ranking {other:?}; rankings: poker (the best five cards), three-card (Three Card Poker)"))),
                },
            };
            let ranks = optional(&a, "ranks")?.map(|r| between(&r, &rank)).transpose()?;
            Condition::Forms { hand, ranking, ranks, rules: change(a)? }
        }
        "longest-flush" => {
            a.keys(&[key])?;
            Condition::LongestFlush(between(&v, &whole)?)
        }
        "longest-straight-flush" => {
            a.keys(&[key, "rules"])?;
            Condition::LongestStraightFlush { length: between(&v, &whole)?, rules: change(a)? }
        }
        "jokers" => {
            a.keys(&[key])?;
            Condition::Jokers(between(&v, &whole)?)
        }
        "wilds" => {
            a.keys(&[key, "rules"])?;
            Condition::Wilds { count: between(&v, &whole)?, rules: change(a)? }
        }
        "holds" => {
            a.keys(&[key])?;
            Condition::Holds(ranks(&v)?)
        }
        "rank-count" => {
            a.keys(keys::RANK_COUNT)?;
            Condition::RankCount { rank: rank(&a.field("rank")?)? as u8, count: between(&v, &whole)? }
        }
        "pairs" => {
            a.keys(&[key])?;
            Condition::Pairs(between(&v, &whole)?)
        }
        "suited" => {
            a.keys(&[key])?;
            let groups = v
                .array()?
                .iter()
                .map(|g| {
                    g.keys(keys::SUIT_GROUP)?;
                    let filled = match optional(&g, "filled")? {
                        None => false,
                        Some(f) => f.value.as_bool().ok_or_else(|| f.err(format!("expected true or false, found {}", crate::kind(f.value))))?,
                    };
                    Ok(SuitGroup { ranks: ranks(&g.field("ranks")?)?, filled })
                })
                .collect::<Result<Vec<_>, TableError>>()?;
            Condition::Suited(groups)
        }
        "same" => {
            a.keys(&[key])?;
            match v.string()? {
                "rank" => Condition::Same(Alike::Rank),
                "suit" => Condition::Same(Alike::Suit),
                "colour" => Condition::Same(Alike::Colour),
                other => return Err(v.err(format!("unknown {other:?}; cards may be alike in: rank, suit, colour"))),
            }
        }
        "same-value" => {
            a.keys(&[key])?;
            v.keys(keys::RULES)?;
            Condition::SameValue(rules(&v)?)
        }
        "sum" => {
            a.keys(keys::SUM)?;
            let table = a.field("values")?;
            let map = table.object()?;
            let mut values = [0u32; 13];
            let mut seen = [false; 13];
            for k in map.keys() {
                let Some(r) = rank_of(k) else { return Err(table.err(format!("{k:?} is not a rank; values name every rank 2 to A"))) };
                if seen[r as usize] {
                    return Err(table.field(k)?.err("this rank's value is given twice (\"T\" and \"10\" are one rank)"));
                }
                values[r as usize] = whole(&table.field(k)?)?;
                seen[r as usize] = true;
            }
            if let Some(r) = seen.iter().position(|s| !s) {
                return Err(table.err(format!("no value for rank {}: values name every rank 2 to A", parsheet_define::RANK_CHARS.as_bytes()[r] as char)));
            }
            let joker = optional_whole(a, "joker")?.unwrap_or(0);
            let modulo = optional_whole(a, "modulo")?;
            let sums = if v.value.is_array() { v.array()?.iter().map(|s| between(s, &whole)).collect::<Result<Vec<_>, _>>()? } else { vec![between(&v, &whole)?] };
            Condition::Sum { values, joker, modulo, sums }
        }
        _ => unreachable!("a condition key"),
    })
}
