//! Every `--format json` document against `docs/JSON.md`: each **Example** there is run as
//! written, its output must parse, hold every key the document lists with the type it gives, and
//! its exact numbers must parse as integers or rationals. The document is the specification, so
//! a key renamed in the code or the docs fails here.

mod common;

use common::{fails, ok};
use serde_json::Value;

/// An example command and the keys listed under it: (path, type).
struct Example {
    args: Vec<String>,
    keys: Vec<(String, String)>,
}

/// Splits a command line as a shell would for the simple quoting the docs use ("As 7d").
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

fn examples() -> Vec<Example> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/JSON.md")).unwrap();
    let mut out: Vec<Example> = Vec::new();
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("Example: `") {
            let command = rest.strip_suffix('`').expect("an example is one command in backticks");
            let w = words(command);
            assert_eq!(w[0], "parsheet", "{line}");
            out.push(Example { args: w[1..].to_vec(), keys: vec![] });
        } else if let Some(row) = line.strip_prefix("| `") {
            let (key, rest) = row.split_once("` |").expect("a key row: | `key` | type | meaning |");
            let ty = rest.split('|').next().unwrap().trim().to_string();
            // Rows before the first example are the shared vocabulary ("One vocabulary"), which
            // every record's schema covers (tests/schemas.rs); the rest belong to their example.
            if let Some(example) = out.last_mut() {
                example.keys.push((key.to_string(), ty));
            }
        }
    }
    assert!(out.len() >= 15, "docs/JSON.md lists {} examples", out.len());
    out
}

fn is_integer(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

fn is_rational(s: &str) -> bool {
    match s.split_once('/') {
        None => is_integer(s),
        Some((n, d)) => is_integer(n) && is_integer(d) && !d.starts_with('-') && d.trim_start_matches('0') != "" && d != "1",
    }
}

/// Whether `v` has type `ty` as docs/JSON.md spells it.
fn has_type(v: &Value, ty: &str) -> bool {
    if let Some(base) = ty.strip_suffix(" or null") {
        return v.is_null() || has_type(v, base);
    }
    match ty {
        "string" => v.is_string(),
        "integer" => v.is_u64() || v.is_i64(),
        "exact integer" => v.as_str().is_some_and(is_integer),
        "exact rational" => v.as_str().is_some_and(is_rational),
        "decimal" => v.as_str().is_some_and(|s| s.parse::<f64>().is_ok()),
        // Estimates: a float, null where not finite.
        "number" => v.is_number() || v.is_null(),
        "boolean" => v.is_boolean(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        other => panic!("docs/JSON.md uses an unknown type {other:?}"),
    }
}

/// Every value at `path` (`a.b`, `a[].b`, `[].b`); panics naming the path where a key is missing.
fn values<'a>(doc: &'a Value, path: &str) -> Vec<&'a Value> {
    let mut here = vec![doc];
    for part in path.split('.') {
        let (key, each) = match part.strip_suffix("[]") {
            Some(k) => (k, true),
            None => (part, false),
        };
        let mut next = Vec::new();
        for v in here {
            let v = if key.is_empty() { v } else { v.get(key).unwrap_or_else(|| panic!("no key {key:?} (in {path}) in {v}")) };
            if each {
                next.extend(v.as_array().unwrap_or_else(|| panic!("{path}: {key} is not an array")).iter());
            } else {
                next.push(v);
            }
        }
        here = next;
    }
    here
}

/// Exact-number keys anywhere in the document (by the naming the JSON uses) parse as rationals.
fn exact_everywhere(v: &Value, path: &str) {
    const EXACT: [&str; 8] = ["house_edge", "payback", "cycle", "combinations", "probability", "net", "expected_net", "deals"];
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if EXACT.contains(&k.as_str()) {
                    if let Some(s) = x.as_str() {
                        assert!(is_rational(s), "{path}.{k} = {s:?} is not an exact integer or rational");
                    }
                }
                exact_everywhere(x, &format!("{path}.{k}"));
            }
        }
        Value::Array(a) => a.iter().for_each(|x| exact_everywhere(x, &format!("{path}[]"))),
        _ => {}
    }
}

#[test]
fn every_documented_json_output_has_its_keys_and_exact_numbers() {
    for ex in examples() {
        let args: Vec<&str> = ex.args.iter().map(String::as_str).collect();
        let out = ok(&args);
        assert_eq!(out.lines().count(), 1, "{args:?}: one document on one line");
        let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {out}"));
        assert!(!ex.keys.is_empty(), "{args:?}: docs/JSON.md lists no keys");
        for (key, ty) in &ex.keys {
            let found = values(&doc, key);
            assert!(!found.is_empty(), "{args:?}: {key} reaches no value (an empty array?)");
            for v in found {
                assert!(has_type(v, ty), "{args:?}: {key} = {v} is not {ty}");
            }
        }
        exact_everywhere(&doc, "");
    }
}

#[test]
fn the_docs_cover_every_command_that_prints_a_result() {
    let covered: Vec<String> = examples().iter().map(|e| e.args[0].clone()).collect();
    for command in ["frequencies", "list", "analyze", "verify", "explain", "explore", "simulate", "strategy", "progressive"] {
        assert!(covered.iter().any(|c| c == command), "docs/JSON.md has no example of {command}");
    }
}

#[test]
fn formats_a_command_does_not_print_are_refused_by_name() {
    for (args, valid) in [
        (vec!["list", "--format", "csv"], "table or json"),
        (vec!["strategy", "over-under", "--format", "md"], "table, json or csv"),
        (vec!["strategy", "heads-up-holdem", "--format", "md"], "table, json or csv"),
        (vec!["explore", "over-under", "bonus", "--format", "csv"], "table or json"),
        (vec!["explain", "--format", "md"], "table or json"),
        (vec!["simulate", "over-under", "bonus", "--format", "csv"], "table or json"),
        (vec!["progressive", "dj-wild", "progressive", "--paytable", "1", "--format", "csv"], "table or json"),
    ] {
        let e = fails(&args);
        assert!(e.contains(valid) && e.contains("--format"), "{args:?}: {e}");
    }
    // The formats offered are printed, each as itself.
    let csv = ok(&["verify", "--format", "csv"]);
    assert!(csv.starts_with("game,wager,paytable,"), "{}", &csv[..80.min(csv.len())]);
    let md = ok(&["frequencies", "standard", "--cards", "5", "--format", "md"]);
    assert!(md.contains("| royal-flush | 4 | 1/649740 |"), "{md}");
    let csv = ok(&["frequencies", "standard", "--cards", "5", "--format", "csv"]);
    assert!(csv.contains("\nroyal-flush,4,1/649740\n") && csv.ends_with("total,2598960,1\n"), "{csv}");
}
