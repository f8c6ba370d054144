//! Issue #31, "What it must show": every status `verify` gives is re-derived here from its
//! definition (docs/JSON.md, "verify"; docs/REPORT.md; tables/README.md, "Candidates") and the
//! printed text alone, in exact integer arithmetic, without the program's own judgement
//! (`figure.rs`, `verify.rs`): how many places the figure prints, whether the exact value rounded
//! half away from zero, truncated toward zero or rounded away from zero at those places is the
//! printed figure, and which of the other checks of the same figure and paytable reach it.
//!
//! A published range is re-derived end by end from `analyze` of every paytable of the wager.
//! The second test: the default reading `list` shows is the one `analyze` uses, and an unknown
//! `--variant` is refused with the valid ones named.

mod common;

use std::collections::{BTreeMap, HashMap};

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use serde_json::Value;

/// The statuses, in the order of precedence of docs/JSON.md ("where several hold, the first in
/// this order wins"); a range takes the later (weaker) of its two ends'.
const ORDER: [&str; 7] = ["reproduced", "rounding", "reading", "misprint", "implied", "unexplained", "not-computed"];

fn rank(status: &str) -> usize {
    ORDER.iter().position(|s| *s == status).unwrap_or_else(|| panic!("unknown status {status:?}"))
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    serde_json::from_str(&common::ok(&a)).unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

/// An exact rational of the JSON (`"p/q"` or `"p"`).
fn exact(v: &Value) -> Option<BigRational> {
    let s = v.as_str()?;
    let (n, d) = s.split_once('/').unwrap_or((s, "1"));
    let (n, d): (BigInt, BigInt) = (n.parse().unwrap_or_else(|_| panic!("not exact: {s}")), d.parse().unwrap_or_else(|_| panic!("not exact: {s}")));
    assert!(d > BigInt::zero(), "denominator of {s}");
    Some(BigRational::new(n, d))
}

/// A printed percentage (`"98.843%"`, `"23%"`): the printed digits as an integer count of units
/// of its last place, and the number of places.
#[derive(Clone, Debug)]
struct Printed {
    units: BigInt,
    places: u32,
}

impl Printed {
    fn parse(s: &str) -> Option<Printed> {
        let body = s.trim().strip_suffix('%')?.trim();
        let (neg, body) = match body.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, body),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) if !f.is_empty() => (i, f),
            Some(_) => return None,
            None => (body, ""),
        };
        if int.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: BigInt = format!("{int}{frac}").parse().unwrap();
        Some(Printed { units: if neg { -n } else { n }, places: frac.len() as u32 })
    }

    /// The printed figure as a fraction of a wager (a percentage over 100).
    fn value(&self) -> BigRational {
        BigRational::new(self.units.clone(), BigInt::from(10).pow(self.places + 2))
    }
}

/// `"0.75% to 4.34%"`: its two ends.
fn printed_range(s: &str) -> Option<(Printed, Printed)> {
    let (lo, hi) = s.split_once(" to ")?;
    Some((Printed::parse(lo)?, Printed::parse(hi)?))
}

/// How a value's own arithmetic meets a printed figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Own {
    /// Rounded half away from zero at the printed places, it is the printed figure.
    Reproduced,
    /// Not that, but truncated toward zero it is.
    Truncated,
    /// Not those, but rounded away from zero it is.
    RoundedAway,
    /// None of them.
    Off,
}

impl Own {
    fn reaches(self) -> bool {
        self != Own::Off
    }

    /// The status of a value's own arithmetic alone.
    fn status(self) -> &'static str {
        match self {
            Own::Reproduced => "reproduced",
            Own::Truncated | Own::RoundedAway => "rounding",
            Own::Off => "unexplained",
        }
    }
}

/// Judges `value` (a fraction of a wager) against `printed`, in integers: the value in units of
/// the printed last place is `n/d`; its magnitude is `q + r/d`.
fn judge(value: &BigRational, printed: &Printed) -> Own {
    let n = value.numer() * BigInt::from(10).pow(printed.places + 2);
    let d = value.denom().clone();
    assert!(d > BigInt::zero());
    let negative = n.is_negative();
    let (q, r) = n.abs().div_rem(&d);
    let signed = |m: BigInt| if negative { -m } else { m };
    let half_away = signed(if BigInt::from(2) * &r >= d { &q + 1 } else { q.clone() });
    let truncated = signed(q.clone());
    let away = signed(if r.is_zero() { q.clone() } else { &q + 1 });
    if half_away == printed.units {
        Own::Reproduced
    } else if truncated == printed.units {
        Own::Truncated
    } else if away == printed.units {
        Own::RoundedAway
    } else {
        Own::Off
    }
}

/// An implied term's value is legal: inside `[low, high]`, and a whole number of players.
fn legal(implied: &Value) -> bool {
    let value = exact(&implied["value"]).expect("implied.value");
    let low = exact(&implied["low"]).expect("implied.low");
    let high = exact(&implied["high"]).expect("implied.high");
    let term = implied["term"].as_str().expect("implied.term");
    assert!(matches!(term, "rate" | "other-players"), "unknown term {term}: {implied}");
    low <= value && value <= high && (term != "other-players" || value.is_integer())
}

/// One check of `verify`, with its own arithmetic judged end by end (one end for a single
/// figure; a range's low and high end), `None` for an end with no value.
struct Check<'a> {
    json: &'a Value,
    ends: Vec<Option<Own>>,
}

impl Check<'_> {
    fn s(&self, key: &str) -> Option<&str> {
        self.json[key].as_str()
    }

    fn status(&self) -> &str {
        self.s("status").unwrap()
    }

    fn implied(&self) -> Option<&Value> {
        Some(&self.json["implied"]).filter(|v| !v.is_null())
    }

    fn candidate(&self) -> Option<&str> {
        self.s("candidate")
    }

    /// Whether an implied term here is at a legal value.
    fn legal_term(&self) -> bool {
        self.implied().is_some_and(legal)
    }

    /// The status a check other than the figure to certify has: that of its own arithmetic
    /// (the weaker end of a range), or, for a term solved from the figure, `implied` at a legal
    /// value and `unexplained` at any other.
    fn own_status(&self) -> &'static str {
        if self.implied().is_some() {
            return if self.legal_term() { "implied" } else { "unexplained" };
        }
        let mut worst: Option<&'static str> = None;
        for end in &self.ends {
            let s = match end {
                Some(o) => o.status(),
                None => "not-computed",
            };
            if worst.is_none_or(|w| rank(s) > rank(w)) {
                worst = Some(s);
            }
        }
        worst.unwrap_or("not-computed")
    }

    /// Whether this check's own arithmetic reaches its figure at end `i` (as printed, or with
    /// its candidate's corrections, or at its term's legal value).
    fn reaches(&self, i: usize) -> bool {
        match self.implied() {
            Some(_) => self.legal_term(),
            None => self.ends.get(i).copied().flatten().is_some_and(Own::reaches),
        }
    }

    fn describe(&self) -> String {
        let mut v = self.json.clone();
        if let Some(o) = v.as_object_mut() {
            for k in ["figures", "assumptions", "detail"] {
                o.remove(k);
            }
        }
        v.to_string()
    }
}

/// The exact figure of the published `kind` on `basis` in a record's `figures`: the house edge
/// for a hold or house-edge figure, the payback for a payback or return figure.
fn figure_of(record: &Value, basis: &str, kind: &str) -> Option<BigRational> {
    let key = match kind {
        "hold" | "house-edge" => "house_edge",
        "payback" | "return" => "payback",
        k => panic!("unknown kind {k}"),
    };
    let f = record["figures"].as_array()?.iter().find(|f| f["basis"] == basis)?;
    exact(&f[key])
}

/// The exact figure of every paytable of a wager under a reading (`analyze`), for a range.
fn paytable_figures(list: &Value, cache: &mut HashMap<(String, String, Option<String>, String, String), Vec<BigRational>>, game: &str, wager: &str, reading: Option<&str>, basis: &str, kind: &str) -> Vec<BigRational> {
    let key = (game.to_string(), wager.to_string(), reading.map(str::to_string), basis.to_string(), kind.to_string());
    if let Some(v) = cache.get(&key) {
        return v.clone();
    }
    let w = list["games"].as_array().unwrap().iter().find(|g| g["game"] == game).and_then(|g| g["wagers"].as_array().unwrap().iter().find(|w| w["id"] == wager)).unwrap_or_else(|| panic!("list has no {game} {wager}"));
    let mut values = vec![];
    for p in w["paytables"].as_array().unwrap() {
        let id = p["id"].as_str().unwrap();
        let mut args = vec!["analyze", game, wager, "--paytable", id];
        if let Some(r) = reading {
            args.extend(["--variant", r]);
        }
        let record = json(&args);
        assert_eq!(record["reading"].as_str(), reading, "{args:?} analyzed another reading");
        values.push(figure_of(&record, basis, kind).unwrap_or_else(|| panic!("{args:?}: no {kind} figure on {basis}")));
    }
    cache.insert(key, values.clone());
    values
}

/// The exact figure of every paytable a candidate reads a range as spanning (tables/README.md,
/// "Candidates": `over`, each a printed paytable, its `lines` read otherwise), from the tables
/// file and `analyze --paytable P --pays ...` under the candidate's reading.
fn candidate_range_figures(game: &str, wager: &str, published: &str, id: &str, reading: Option<&str>, basis: &str, kind: &str) -> Vec<BigRational> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables").join(format!("{game}.json"));
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let w = file["wagers"].as_array().unwrap().iter().find(|w| w["id"] == wager).unwrap_or_else(|| panic!("{path:?} has no wager {wager}"));
    let printed_range = |f: &&Value| f["range"].as_array().is_some_and(|r| format!("{} to {}", r[0].as_str().unwrap(), r[1].as_str().unwrap()) == published);
    let candidate = w["published"].as_array().unwrap().iter().filter(printed_range).flat_map(|f| f["candidates"].as_array().cloned().unwrap_or_default()).find(|c| c["id"] == id).unwrap_or_else(|| panic!("no candidate {id} of {game} {wager} {published}"));
    assert!(candidate["lines"].is_null(), "candidate {id}: lines of a range's tables are read in `over` here");
    let over = candidate["over"].as_array().unwrap_or_else(|| panic!("candidate {id} of a range names no `over`"));
    over.iter()
        .map(|t| {
            let mut args = vec!["analyze".to_string(), game.into(), wager.into(), "--paytable".into(), t["paytable"].as_str().unwrap().into()];
            if let Some(r) = reading {
                args.extend(["--variant".into(), r.into()]);
            }
            let lines: Vec<String> = t["lines"].as_array().map(|ls| ls.iter().map(|l| format!("{}={}", l["outcome"].as_str().unwrap(), l["pays"].as_str().unwrap())).collect()).unwrap_or_default();
            if !lines.is_empty() {
                args.extend(["--pays".into(), lines.join(",")]);
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            figure_of(&json(&args), basis, kind).unwrap_or_else(|| panic!("{args:?}: no {kind} figure on {basis}"))
        })
        .collect()
}

/// Every status of `verify` (all games), re-derived from the definitions and asserted: each
/// check's own arithmetic (step 1), the figure to certify's status from the other checks of its
/// figure and paytable (step 2), and published ranges end by end from `analyze` (step 3).
#[test]
fn every_status_rederives_from_its_definition() {
    let all = json(&["verify"]);
    let list = json(&["list"]);
    let mut ranges = HashMap::new();
    let mut problems: Vec<String> = vec![];
    let mut checks: Vec<Check> = vec![];
    let mut range_ends: BTreeMap<usize, (BigRational, BigRational)> = BTreeMap::new();

    // Step 1: every check's own arithmetic, from its printed text and its exact value.
    for (n, c) in all.as_array().expect("verify prints an array").iter().enumerate() {
        let published = c["published"].as_str().unwrap();
        let kind = c["kind"].as_str().unwrap();
        let basis = c["basis"].as_str().unwrap();
        let places = c["places"].as_u64().unwrap() as u32;
        let status = c["status"].as_str().unwrap();
        rank(status);
        let mut check = Check { json: c, ends: vec![] };
        if let Some(p) = Printed::parse(published) {
            assert_eq!(p.places, places, "places of {published}: {}", check.describe());
            let computed = exact(&c["computed"]);
            let own = computed.as_ref().map(|v| judge(v, &p));
            check.ends = vec![own];
            if let Some(v) = &computed {
                // The computed value is the record's figure of the published kind on the basis
                // compared, and the deviation is computed − printed.
                assert_eq!(figure_of(c, basis, kind).as_ref(), Some(v), "computed is not the record's {kind} on {basis}: {}", check.describe());
                assert_eq!(exact(&c["deviation"]), Some(v - p.value()), "deviation: {}", check.describe());
                let own = own.unwrap();
                // A check whose own arithmetic reproduces its figure (or is within rounding of
                // it) is that, unless a term was solved from the figure (implied); one that
                // does not is never reproduced or rounding.
                let allowed: &[&str] = match (own, check.implied().is_some()) {
                    (Own::Reproduced, false) => &["reproduced"],
                    (Own::Truncated | Own::RoundedAway, false) => &["rounding"],
                    (Own::Off, false) => &["reading", "misprint", "implied", "unexplained"],
                    (_, true) => &["implied", "unexplained"],
                };
                if !allowed.contains(&status) {
                    problems.push(format!("own arithmetic {own:?} (value {v}, printed {published}) but status {status}: {}", check.describe()));
                }
                if status == "rounding" {
                    rounding_reason(&check, &[own], &mut problems);
                }
                // An implied term at a legal value reproduces the figure: the value computed at
                // it reaches the printed figure.
                if check.legal_term() && !own.reaches() {
                    problems.push(format!("a legal implied term whose value does not reach the figure ({own:?}): {}", check.describe()));
                }
            } else if !c["deviation"].is_null() {
                problems.push(format!("a deviation without a computed value: {}", check.describe()));
            }
        } else {
            // Step 3: a range, judged end by end from every paytable's exact figure.
            let (lo, hi) = printed_range(published).unwrap_or_else(|| panic!("published is neither a percentage nor a range: {published}"));
            assert_eq!((lo.places, hi.places), (places, places), "places of {published}");
            assert!(c["computed"].is_null(), "a range has no single computed value: {}", check.describe());
            assert!(check.implied().is_none(), "a term of a range cannot be re-derived here: {}", check.describe());
            let (game, wager) = (c["game"].as_str().unwrap(), c["wager"].as_str().unwrap());
            let values = match check.candidate() {
                None => paytable_figures(&list, &mut ranges, game, wager, check.s("reading"), basis, kind),
                Some(id) => candidate_range_figures(game, wager, published, id, check.s("reading"), basis, kind),
            };
            if let (Some(min), Some(max)) = (values.iter().min(), values.iter().max()) {
                let (low, high) = (judge(min, &lo), judge(max, &hi));
                check.ends = vec![Some(low), Some(high)];
                // The deviation of a range is the end further off.
                let (dl, dh) = (min - lo.value(), max - hi.value());
                let further = if dh.abs() > dl.abs() { dh } else { dl };
                assert_eq!(exact(&c["deviation"]), Some(further), "deviation of a range: {}", check.describe());
                range_ends.insert(n, (min.clone(), max.clone()));
                if status == "rounding" {
                    rounding_reason(&check, &[low, high], &mut problems);
                }
            } else {
                check.ends = vec![None, None];
                assert!(c["deviation"].is_null(), "{}", check.describe());
            }
        }
        checks.push(check);
    }

    // Every check other than the figure to certify has the status of its own arithmetic.
    for c in checks.iter().filter(|c| c.json["default_reading"] == false) {
        if c.status() != c.own_status() {
            problems.push(format!("a check other than the figure to certify: status {} but its own arithmetic says {}: {}", c.status(), c.own_status(), c.describe()));
        }
    }

    // Step 2: the figures to certify, from the other checks of the same figure and paytable.
    let mut groups: BTreeMap<(String, String, u64, String), Vec<&Check>> = BTreeMap::new();
    for c in &checks {
        let key = (c.s("game").unwrap().to_string(), c.s("wager").unwrap().to_string(), c.json["figure"].as_u64().unwrap(), c.s("paytable").unwrap().to_string());
        groups.entry(key).or_default().push(c);
    }
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for (key, group) in &groups {
        let certified: Vec<&&Check> = group.iter().filter(|c| c.json["default_reading"] == true).collect();
        assert_eq!(certified.len(), 1, "{key:?}: one figure to certify per figure and paytable, found {}", certified.len());
        let me = certified[0];
        assert!(me.candidate().is_none(), "a candidate never becomes the figure to certify: {}", me.describe());
        assert!(group.iter().all(|c| c.s("published") == me.s("published") || c.candidate().is_some()), "{key:?}: the checks of one figure print one figure (a candidate may read it otherwise)");
        let others: Vec<&&Check> = group.iter().filter(|c| !std::ptr::eq(**c, *me)).collect();
        let mut derived = "reproduced";
        let mut why: Vec<String> = vec![];
        for i in 0..me.ends.len() {
            let end = match me.ends[i] {
                Some(o) if o.reaches() => o.status().to_string(),
                _ => {
                    let reading: Vec<&&&Check> = others.iter().filter(|c| c.s("reading") != me.s("reading") && c.candidate().is_none() && c.implied().is_none() && c.reaches(i)).collect();
                    let misprint: Vec<&&&Check> = others.iter().filter(|c| c.candidate().is_some() && c.reaches(i)).collect();
                    let implied: Vec<&&Check> = group.iter().filter(|c| c.candidate().is_none() && c.legal_term()).collect();
                    if !reading.is_empty() {
                        why.extend(reading.iter().map(|c| c.s("reading").unwrap().to_string()));
                        "reading".to_string()
                    } else if !misprint.is_empty() {
                        why.extend(misprint.iter().map(|c| c.candidate().unwrap().to_string()));
                        "misprint".to_string()
                    } else if !implied.is_empty() {
                        why.extend(implied.iter().map(|c| c.implied().unwrap()["value"].as_str().unwrap().to_string()));
                        "implied".to_string()
                    } else if me.ends[i].is_none() && me.implied().is_none() {
                        "not-computed".to_string()
                    } else {
                        "unexplained".to_string()
                    }
                }
            };
            if rank(&end) > rank(derived) {
                derived = ORDER[rank(&end)];
            }
        }
        *counts.entry(rank(me.status())).or_default() += 1;
        if me.status() != derived {
            problems.push(format!("figure to certify {key:?}: status {} but the definitions give {derived}: {}", me.status(), me.describe()));
            continue;
        }
        let reason = me.s("reason").unwrap_or("");
        match derived {
            // The reading, candidate or term that reaches the figure is named.
            "reading" | "misprint" | "implied" => {
                if !why.iter().any(|w| reason.contains(w.as_str())) {
                    problems.push(format!("{derived} figure {key:?}: the reason names none of {why:?}: {reason:?}"));
                }
            }
            "unexplained" => {
                // The nearest checks are named, and every term solved outside its legal range.
                if others.iter().any(|c| c.ends.iter().any(Option::is_some)) && !reason.contains("nearest") {
                    problems.push(format!("unexplained figure {key:?}: the reason names no nearest check: {reason:?}"));
                }
                for c in group.iter().filter(|c| c.implied().is_some_and(|t| !legal(t))) {
                    let value = c.implied().unwrap()["value"].as_str().unwrap();
                    if !reason.contains(value) {
                        problems.push(format!("unexplained figure {key:?}: the reason does not name the term solved at {value} (outside its legal range): {reason:?}"));
                    }
                }
                if reason.is_empty() {
                    problems.push(format!("unexplained figure {key:?} without a reason"));
                }
            }
            _ => {}
        }
    }

    // Step 4: the counts, for the closing note.
    let total: usize = counts.values().sum();
    eprintln!("figures to certify by status ({total} in all, {} checks):", checks.len());
    for (r, n) in &counts {
        eprintln!("  {:<13} {n:>3}", ORDER[*r]);
    }
    for (n, (min, max)) in &range_ends {
        let c = &checks[*n];
        eprintln!("  range {} {} {} ({}): ends {} and {}", c.s("game").unwrap(), c.s("wager").unwrap(), c.s("published").unwrap(), c.s("reading").unwrap_or("-"), percent(min), percent(max));
    }
    assert!(problems.is_empty(), "{} disagreements with the definitions:\n{}", problems.len(), problems.join("\n"));
}

/// A rounding status's reason says which way each end rounds: "truncated" or "rounded up".
fn rounding_reason(check: &Check, ends: &[Own], problems: &mut Vec<String>) {
    let reason = check.s("reason").unwrap_or("");
    for own in ends {
        let ok = match own {
            Own::Truncated => reason.contains("truncated"),
            Own::RoundedAway => reason.contains("rounded up") || reason.contains("away from zero"),
            _ => true,
        };
        if !ok {
            problems.push(format!("rounding ({own:?}) but the reason does not say so: {}", check.describe()));
        }
    }
}

/// A fraction of a wager as a percentage to six places, for the printed table only.
fn percent(v: &BigRational) -> String {
    let n = (v * BigRational::from_integer(BigInt::from(100_000_000))).round().to_integer();
    let neg = n.is_negative();
    let digits = format!("{:0>7}", n.abs());
    let (i, f) = digits.split_at(digits.len() - 6);
    format!("{}{i}.{f}%", if neg { "-" } else { "" })
}

/// `list`'s default reading is the one `analyze` uses for every wager (a paytable's own printed
/// reading winning for that table), and an unknown `--variant` is refused naming the valid ones.
#[test]
fn list_default_is_the_reading_analyze_uses() {
    let list = json(&["list"]);
    let mut checked = 0;
    for g in list["games"].as_array().unwrap() {
        let game = g["game"].as_str().unwrap();
        for w in g["wagers"].as_array().unwrap() {
            let wager = w["id"].as_str().unwrap();
            let Some(default) = w["default_reading"]["value"].as_str() else { continue };
            let readings: Vec<&str> = w["readings"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
            assert!(readings.contains(&default), "{game} {wager}: default {default} is not among its readings {readings:?}");
            assert!(!w["default_reading"]["basis"].as_str().unwrap_or("").is_empty(), "{game} {wager}: a default without a basis");
            let paytables = w["paytables"].as_array().unwrap();
            // Without --paytable where there is at most one; every table where there are several
            // (analyze asks which).
            let runs: Vec<(Option<&str>, Option<&str>)> = if paytables.len() <= 1 {
                vec![(None, paytables.first().and_then(|p| p["reading"].as_str()))]
            } else {
                paytables.iter().map(|p| (p["id"].as_str(), p["reading"].as_str())).collect()
            };
            for (paytable, own) in runs {
                let mut args = vec!["analyze", game, wager];
                if let Some(p) = paytable {
                    args.extend(["--paytable", p]);
                }
                let record = json(&args);
                let expected = own.unwrap_or(default);
                assert_eq!(record["reading"].as_str(), Some(expected), "{args:?}: list's default is {default}, the table's own reading {own:?}");
                let assumed = record["assumptions"].as_array().unwrap().iter().find(|a| a["name"] == "reading").unwrap_or_else(|| panic!("{args:?}: no reading assumption"));
                assert_eq!(assumed["value"].as_str(), Some(expected), "{args:?}");
                assert_eq!(assumed["source"].as_str(), Some(if own.is_some() { "printed" } else { "default" }), "{args:?}: {assumed}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);

    // An unknown --variant is refused, naming what is valid.
    let readings = |game: &str, wager: &str| -> Vec<String> {
        let g = list["games"].as_array().unwrap().iter().find(|g| g["game"] == game).unwrap();
        let w = g["wagers"].as_array().unwrap().iter().find(|w| w["id"] == wager).unwrap();
        w["readings"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
    };
    let err = common::fails(&["analyze", "saigon-5-card", "bonus", "--variant", "bogus"]);
    assert!(readings("saigon-5-card", "bonus").is_empty());
    assert!(err.contains("bogus") && err.contains("no rule variants"), "{err}");
    let err = common::fails(&["analyze", "high-card-flush", "straight-flush-bonus", "--variant", "bogus"]);
    let valid = readings("high-card-flush", "straight-flush-bonus");
    assert!(err.contains("bogus") && valid.iter().all(|r| err.contains(r.as_str())), "{err}");
    let err = common::fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--variant", "bogus"]);
    let valid = readings("face-up-pai-gow", "base");
    assert!(valid.len() > 1 && err.contains("bogus") && valid.iter().all(|r| err.contains(r.as_str())), "{err}");
    let err = common::fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--hole", "As Kd"]);
    assert!(err.contains("--hole"), "{err}");
    // An option for another game is refused, not ignored: Heads-Up is solved on the full deck.
    let err = common::fails(&["strategy", "heads-up-holdem", "--deck", "TJQKA/3", "--hole", "As Kd"]);
    assert!(err.contains("--deck does not apply to heads-up-holdem"), "{err}");
}

/// The judge itself, on values whose rounding is known by hand.
#[test]
fn the_judge_rounds_as_defined() {
    let p = |s: &str| Printed::parse(s).unwrap();
    let v = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    // 0.0797244 is 7.97244%: rounds to 7.97%.
    assert_eq!(judge(&v(797_244, 10_000_000), &p("7.97%")), Own::Reproduced);
    // 7.975% exactly rounds half away from zero to 7.98%; truncated it is 7.97%.
    assert_eq!(judge(&v(7975, 100_000), &p("7.98%")), Own::Reproduced);
    assert_eq!(judge(&v(7975, 100_000), &p("7.97%")), Own::Truncated);
    // 7.971% rounds to 7.97%; away from zero it is 7.98%; 7.99% is two units off.
    assert_eq!(judge(&v(7971, 100_000), &p("7.98%")), Own::RoundedAway);
    assert_eq!(judge(&v(7971, 100_000), &p("7.99%")), Own::Off);
    // Negative values round away from zero downwards, and truncate toward zero.
    assert_eq!(judge(&v(-7975, 100_000), &p("-7.98%")), Own::Reproduced);
    assert_eq!(judge(&v(-7975, 100_000), &p("-7.97%")), Own::Truncated);
    assert_eq!(judge(&v(-7971, 100_000), &p("-7.98%")), Own::RoundedAway);
    // No places: 23% from 22.6%; an exact value is reproduced, and only that.
    assert_eq!(judge(&v(226, 1000), &p("23%")), Own::Reproduced);
    assert_eq!(judge(&v(226, 1000), &p("22%")), Own::Truncated);
    assert_eq!(judge(&v(1, 4), &p("25.0%")), Own::Reproduced);
    assert_eq!(judge(&v(1, 4), &p("25.1%")), Own::Off);
    assert_eq!((p("13.0%").units, p("13.0%").places), (BigInt::from(130), 1));
    assert!(Printed::parse("13.%").is_none() && Printed::parse("x%").is_none() && Printed::parse("13").is_none());
    let (lo, hi) = printed_range("0.75% to 4.34%").unwrap();
    assert_eq!((lo.units, hi.units, hi.places), (BigInt::from(75), BigInt::from(434), 2));
    // Legal terms: inside the range, and a whole number of players.
    let t = |term: &str, value: &str| legal(&serde_json::json!({"term": term, "value": value, "low": "0", "high": if term == "rate" { "1" } else { "5" }}));
    assert!(t("rate", "8031/38675") && !t("rate", "-19264241/3248700") && !t("rate", "3/2"));
    assert!(t("other-players", "5") && t("other-players", "0") && !t("other-players", "399176169/104007500") && !t("other-players", "6"));
}
