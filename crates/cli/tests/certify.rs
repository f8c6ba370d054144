//! What a lab needs to sign a report (issue #25): its provenance, and the figure to certify
//! with a status per published figure.

mod common;

use common::{command, ok};
use sha2::{Digest, Sha256};

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Every file under `dir`, by relative path, with its bytes.
fn tree(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut std::collections::BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.insert(p.strip_prefix(root).unwrap().display().to_string(), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Two report runs with the same `SOURCE_DATE_EPOCH` write the same bytes, and every export
/// names the date, the build and the SHA-256 of the tables file it read.
#[test]
fn two_runs_with_one_source_date_compare_byte_for_byte() {
    let work = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("certify-provenance");
    let _ = std::fs::remove_dir_all(&work);
    let tables = work.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let source = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tables/over-under.json")).unwrap();
    std::fs::write(tables.join("over-under.json"), &source).unwrap();
    let out = work.join("report");
    let run = || {
        let o = command()
            .env("SOURCE_DATE_EPOCH", "1764190321")
            .args(["report", "--tables", tables.to_str().unwrap(), "--out", out.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        tree(&out)
    };
    let first = run();
    let second = run();
    assert_eq!(first.keys().collect::<Vec<_>>(), second.keys().collect::<Vec<_>>());
    for (path, bytes) in &first {
        // The workbook stamps its own creation time (docProps/core.xml) until its sheet of
        // provenance takes the report's date (the workbook's part of #25).
        if path == "report.xlsx" {
            continue;
        }
        assert!(second[path] == *bytes, "{path} differs between two runs with one SOURCE_DATE_EPOCH");
    }
    // `date -u -d @1764190321` prints 2025-11-26T20:52:01Z.
    let json: serde_json::Value = serde_json::from_slice(&first["report.json"]).unwrap();
    let p = &json["provenance"];
    assert_eq!(p["date"], "2025-11-26T20:52:01Z");
    assert_eq!(p["version"], env!("CARGO_PKG_VERSION"));
    let build = p["build"].as_str().unwrap();
    assert!(build.len() == 64 && build.bytes().all(|b| b.is_ascii_hexdigit()), "{build}");
    let file = tables.join("over-under.json");
    assert_eq!(p["tables"], serde_json::json!([{ "file": file.display().to_string(), "sha256": sha256(&source) }]));
    // Over/Under has no house way to read.
    assert_eq!(p["house_ways"], serde_json::json!([]));
    assert!(p["command"].as_str().unwrap().starts_with("parsheet report --tables "), "{p}");
    let csv = String::from_utf8(first["provenance.csv"].clone()).unwrap();
    assert!(csv.starts_with("field,value\ndate,2025-11-26T20:52:01Z\n"), "{csv}");
    assert!(csv.contains(&sha256(&source)), "{csv}");
    for (path, bytes) in &first {
        if path.ends_with(".html") || path.ends_with(".md") {
            let text = String::from_utf8_lossy(bytes);
            assert!(text.contains(build) && text.contains(&sha256(&source)) && text.contains("2025-11-26T20:52:01Z"), "{path} has no provenance footer");
        }
    }
}

/// A date that is not whole seconds is refused, naming the variable.
#[test]
fn a_bad_source_date_is_refused() {
    let work = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("certify-bad-date");
    let o = command().env("SOURCE_DATE_EPOCH", "yesterday").args(["report", "--out", work.to_str().unwrap()]).output().unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("SOURCE_DATE_EPOCH"), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = ok;
}
