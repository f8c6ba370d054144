//! The design loop on the command line (issue #27): `explore --write` writes a table file that
//! `--tables FILE` and `--with-tables FILE|DIR` read, beside the built-in tables; a copy of a
//! built-in table is no clash, a different table under a built-in id is an error naming both
//! files; JSON files that are not tables are passed over with a note; a default search keeps
//! every searched line paying.
//!
//! The edge of a written High Card Flush Bonus table is checked against the distribution the
//! regulator's table notes print (longest suit in 7 of 52 cards: 7-card 6,864; 6-card 267,696;
//! 5-card 3,814,668; 4-card 26,137,540 of 133,784,560), not against parsheet's own counts.

mod common;

use std::path::PathBuf;

use common::{fails, ok, parsheet};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-with-tables-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The house edge of a Flush Bonus table with whole "to 1" pays, from the printed distribution,
/// as (numerator, denominator) over the 133,784,560 hands.
fn flush_bonus_edge(pays: [i128; 4]) -> (i128, i128) {
    const HANDS: [i128; 4] = [6_864, 267_696, 3_814_668, 26_137_540];
    const TOTAL: i128 = 133_784_560;
    let won: i128 = HANDS.iter().zip(pays).map(|(h, p)| h * p).sum();
    let lost = TOTAL - HANDS.iter().sum::<i128>();
    (lost - won, TOTAL)
}

fn reduced(n: i128, d: i128) -> String {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let g = gcd(n, d);
    format!("{}/{}", n / g, d / g)
}

/// The pays of the written table's four lines, from the file.
fn written_pays(file: &std::path::Path) -> [i128; 4] {
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let lines = doc["wagers"][0]["paytables"][0]["lines"].as_array().unwrap();
    let pay = |o: &str| -> i128 {
        let l = lines.iter().find(|l| l["outcome"] == o).unwrap_or_else(|| panic!("no line {o}"));
        l["pays"].as_str().unwrap().strip_suffix(" to 1").unwrap().parse().unwrap()
    };
    ["7-card-flush", "6-card-flush", "5-card-flush", "4-card-flush"].map(pay)
}

#[test]
fn a_written_candidate_is_read_by_both_options_and_its_edge_is_said() {
    let dir = scratch("write");
    let file = dir.join("cand1.json");
    let f = file.to_str().unwrap();
    let out = ok(&["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--search", "3.95%..4.05%", "--limit", "3", "--write", f]);
    let pays = written_pays(&file);
    let (n, d) = flush_bonus_edge(pays);
    let edge = reduced(n, d);
    // The output says what was written: the id, each changed line with its old pay, the edge.
    let said = out.lines().find(|l| l.starts_with("paytable cand1 to write: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(said.contains(&format!("7-card-flush {} to 1 (was 200 to 1)", pays[0])) || pays[0] == 200, "{said}");
    assert!(said.ends_with(&format!("= {edge}")), "{said} should end with the edge {edge}");
    // No searched line pays nothing by default (the 4-card flush pays 1 to 1 in C).
    assert!(pays.iter().all(|&p| p >= 1), "{pays:?}");
    // --tables FILE reads it alone; --with-tables FILE beside the built-in tables.
    for args in [vec!["--tables", f], vec!["--with-tables", f, "--paytable", "cand1"]] {
        let mut a = vec!["analyze", "high-card-flush", "flush-bonus", "--format", "json"];
        a.extend(args);
        let doc: serde_json::Value = serde_json::from_str(&ok(&a)).unwrap();
        assert_eq!(doc["house_edge"], edge.as_str(), "{a:?}");
    }
    // The built-in tables are still there with it.
    ok(&["analyze", "high-card-flush", "flush-bonus", "--with-tables", f, "--paytable", "A"]);
    // A table explored from an added file names that file as its source, not the game's first.
    let second = dir.join("cand2.json");
    ok(&["explore", "high-card-flush", "flush-bonus", "--with-tables", f, "--paytable", "cand1", "--target-edge", "6%", "--line", "5-card-flush", "--write", second.to_str().unwrap()]);
    let text = std::fs::read_to_string(&second).unwrap();
    assert!(text.contains(&format!("paytable cand1 of {f}")) && !text.contains("high-card-flush.json"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_search_may_push_a_line_only_when_bounded_to() {
    let dir = scratch("push");
    let file = dir.join("pushes.json");
    ok(&["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--search", "3.95%..4.05%", "--bound", "7-card-flush=1..400", "--bound", "6-card-flush=1..120", "--bound", "5-card-flush=1..24", "--bound", "4-card-flush=0..2", "--limit", "1", "--write", file.to_str().unwrap()]);
    let pays = written_pays(&file);
    // The closest table then has the 4-card flush push (0 to 1): the table the issue found first.
    assert_eq!(pays[3], 0, "{pays:?}");
    let (n, d) = flush_bonus_edge(pays);
    assert!(n * 10_000 >= 395 * d && n * 10_000 <= 405 * d, "{pays:?} gives {n}/{d}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn candidates_sit_beside_the_built_in_tables_and_other_files() {
    let dir = scratch("dir");
    let tables = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tables");
    let d = dir.to_str().unwrap();
    for (name, line) in [("cand1", "7-card-flush"), ("cand2", "4-card-flush")] {
        ok(&["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--target-edge", "6%", "--line", line, "--write", dir.join(format!("{name}.json")).to_str().unwrap()]);
    }
    // A copy of a built-in file is no clash; a count file is passed over with a note.
    std::fs::copy(tables.join("high-card-flush.json"), dir.join("copy.json")).unwrap();
    std::fs::write(dir.join("shard.json"), r#"{"parsheet":"shard","format":2}"#).unwrap();
    let out = parsheet(&["analyze", "high-card-flush", "flush-bonus", "--with-tables", d, "--paytable", "cand2", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("shard.json: passed over: not a table file"), "{err}");
    // Both candidates and the approved tables in one verify: the published figures still speak
    // of the approved tables A-H only (the range over "all" paytables reproduces as without the
    // candidates). Only this game's approved file, so that verify counts nothing else.
    let approved = dir.join("approved");
    std::fs::create_dir_all(&approved).unwrap();
    std::fs::copy(tables.join("high-card-flush.json"), approved.join("high-card-flush.json")).unwrap();
    let a = approved.to_str().unwrap();
    let with = ok(&["verify", "--tables", a, "--with-tables", d, "--format", "json"]);
    assert_eq!(with, ok(&["verify", "--tables", a, "--format", "json"]), "candidates changed the verification of the approved tables");
    assert!(with.contains("\"reproduced\""), "{with}");
    // The same candidates under --tables DIR (no built-in tables): two files of one game.
    ok(&["analyze", "high-card-flush", "flush-bonus", "--tables", d, "--paytable", "cand1"]);
    // A different table under the built-in id C: refused, naming both files.
    let text = std::fs::read_to_string(dir.join("cand1.json")).unwrap().replace("\"id\": \"cand1\"", "\"id\": \"C\"");
    std::fs::write(dir.join("clash.json"), text).unwrap();
    let err = fails(&["analyze", "high-card-flush", "flush-bonus", "--with-tables", d, "--paytable", "C"]);
    assert!(err.contains("clash.json") && err.contains("tables/high-card-flush.json") && err.contains("\"C\""), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
