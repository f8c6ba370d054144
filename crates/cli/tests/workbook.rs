//! `report.xlsx` read back with calamine (an independent reader): every exact figure of
//! `report.json` is there as the same text, and every decimal beside it is the exact value to
//! within half the last place of the double it is stored as.

mod common;

use std::path::Path;

use calamine::{open_workbook, Data, Reader, Xlsx};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

fn exact(text: &str) -> BigRational {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    BigRational::new(n.parse::<BigInt>().unwrap(), d.parse::<BigInt>().unwrap())
}

/// Whether the double `x` is `r` to within half a unit in its last place.
fn within_half_ulp(x: f64, r: &BigRational) -> bool {
    let a = x.abs();
    let next = f64::from_bits(a.to_bits() + 1);
    let ulp = BigRational::from_float(next).unwrap() - BigRational::from_float(a).unwrap();
    let diff = BigRational::from_float(x).unwrap() - r;
    let diff = if diff < BigRational::default() { -diff } else { diff };
    diff * BigRational::from_integer(2.into()) <= ulp
}

fn text(cell: Option<&Data>) -> String {
    match cell {
        Some(Data::String(s)) => s.clone(),
        Some(Data::Empty) | None => String::new(),
        Some(other) => panic!("expected a text cell, found {other:?}"),
    }
}

fn number(cell: Option<&Data>) -> f64 {
    match cell {
        Some(Data::Float(f)) => *f,
        Some(Data::Int(i)) => *i as f64,
        other => panic!("expected a number cell, found {other:?}"),
    }
}

/// The exact text in column `col` equals `expected`, and column `col + 1` holds it as a double.
fn check_pair(row: &[Data], col: usize, expected: &str, what: &str, checked: &mut usize) {
    assert_eq!(text(row.get(col)), expected, "{what}: exact text");
    let x = number(row.get(col + 1));
    assert!(within_half_ulp(x, &exact(expected)), "{what}: {x} is not {expected} to within half an ulp");
    *checked += 1;
}

#[test]
fn the_workbook_holds_the_figures_of_the_json() {
    let scratch = std::env::temp_dir().join(format!("parsheet-workbook-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let tables = scratch.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
    for g in ["over-under", "high-card-flush", "dj-wild"] {
        std::fs::copy(src.join(format!("{g}.json")), tables.join(format!("{g}.json"))).unwrap();
    }
    let out = scratch.join("report");
    common::ok(&["report", "--tables", tables.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let mut book: Xlsx<_> = open_workbook(out.join("report.xlsx")).unwrap();
    let names = book.sheet_names().to_vec();
    assert_eq!(names[0], "Summary");
    let mut checked = 0;
    let mut wagers_seen = 0;
    for name in &names[1..] {
        let range = book.worksheet_range(name).unwrap();
        let rows: Vec<&[Data]> = range.rows().collect();
        let id = text(rows[0].first());
        let (game, wager) = id.split_once(' ').unwrap();
        let w = report["games"].as_array().unwrap().iter().find(|g| g["game"] == game).unwrap()["wagers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["id"] == wager)
            .unwrap_or_else(|| panic!("sheet {name} names {id}, which the JSON lacks"));
        wagers_seen += 1;
        let mut i = 1;
        let mut blocks = 0;
        while i < rows.len() {
            let row = rows[i];
            if text(row.first()) != "Paytable" {
                i += 1;
                continue;
            }
            blocks += 1;
            let (table, reading) = (text(row.get(1)), text(row.get(3)));
            let sheet = w["sheets"].as_array().unwrap().iter().find(|s| s["reading"].as_str().unwrap_or("") == reading).unwrap();
            let t = sheet["paytables"].as_array().unwrap().iter().find(|t| t["id"] == table.as_str()).unwrap();
            i += 2;
            for o in sheet["outcomes"].as_array().unwrap() {
                let row = rows[i];
                let outcome = o["outcome"].as_str().unwrap();
                let what = format!("{name} {table} {reading} {outcome}");
                assert_eq!(text(row.get(1)), outcome, "{what}");
                assert_eq!(text(row.get(2)), t["pays"][outcome].as_str().unwrap_or("loses"), "{what}: pays");
                assert_eq!(text(row.get(3)), o["combinations"].as_str().unwrap(), "{what}: combinations");
                check_pair(row, 4, o["probability"].as_str().unwrap(), &what, &mut checked);
                if let Some(r) = t["returns"][outcome].as_str() {
                    check_pair(row, 7, r, &what, &mut checked);
                }
                i += 1;
            }
            // Summary rows: label, then the exact text and the decimal.
            while i < rows.len() && !text(rows[i].first()).is_empty() && text(rows[i].first()) != "Paytable" {
                let label = text(rows[i].first());
                let key = match label.as_str() {
                    "House edge" => Some(&t["house_edge"]),
                    "Payback" => Some(&t["payback"]),
                    "Hit frequency" => Some(&t["hit_frequency"]),
                    "Variance" => Some(&t["variance"]),
                    "Long-run payback" => Some(&t["model"]["long_run"]),
                    "Fixed pays' return" => Some(&t["model"]["fixed_return"]),
                    "Payback per meter dollar" => Some(&t["model"]["per_meter_dollar"]),
                    "Cycle" => {
                        assert_eq!(text(rows[i].get(3)), sheet["cycle"].as_str().unwrap());
                        None
                    }
                    _ => None,
                };
                if let Some(v) = key.and_then(Value::as_str) {
                    check_pair(rows[i], 4, v, &format!("{name} {table} {reading} {label}"), &mut checked);
                }
                i += 1;
            }
        }
        let expected: usize = w["sheets"].as_array().unwrap().iter().map(|s| s["paytables"].as_array().unwrap().len()).sum();
        assert_eq!(blocks, expected, "{name}: one block per paytable and reading");
    }
    assert!(wagers_seen >= 6 && checked > 500, "{wagers_seen} sheets, {checked} figures checked");
    let _ = std::fs::remove_dir_all(&scratch);
}
