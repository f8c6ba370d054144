//! One answer per question: every figure `analyze`, `progressive`, `verify` and the report show,
//! for every wager × paytable × reading of the built-in tables, is the same. The JSON outputs
//! carry the same exact rationals on the same bases under the same assumptions; `summary.csv`,
//! the HTML index and the workbook show the same values rounded; Face Up Pai Gow's house ways
//! are the same record in `strategy --ways` and the report, and `house-ways.csv` and the
//! workbook's House ways sheet carry its exact figures. One shared results cache serves
//! every command of the test.

mod common;

use std::collections::HashMap;
use std::path::Path;

use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

fn json(args: &[String]) -> Value {
    let mut a: Vec<&str> = args.iter().map(String::as_str).collect();
    a.extend(["--format", "json"]);
    serde_json::from_str(&common::ok(&a)).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn exact(v: &Value) -> Option<BigRational> {
    let s = v.as_str()?;
    let (n, d) = s.split_once('/').unwrap_or((s, "1"));
    Some(BigRational::new(n.parse::<BigInt>().ok()?, d.parse::<BigInt>().ok()?))
}

/// `p` as a percentage with `places` decimals, rounded half away from zero.
fn percent(p: &BigRational, places: u32) -> String {
    let scaled = p * BigRational::from_integer(BigInt::from(10).pow(places + 2));
    let half = BigRational::new(1.into(), 2.into());
    let r = if scaled < BigRational::from_integer(0.into()) { -((-scaled) + half).floor() } else { (scaled + half).floor() };
    let n = r.to_integer();
    let neg = n < BigInt::from(0);
    let digits = format!("{:0>w$}", (if neg { -n } else { n }).to_string(), w = places as usize + 1);
    let (i, f) = digits.split_at(digits.len() - places as usize);
    format!("{}{i}{}{f}", if neg { "-" } else { "" }, if places > 0 { "." } else { "" })
}

/// The figure keys every record shares, which must agree between views.
fn figures(v: &Value) -> Value {
    serde_json::json!({
        "figures": v["figures"], "primary_basis": v["primary_basis"], "house_edge": v["house_edge"], "payback": v["payback"],
        "assumptions": v["assumptions"],
    })
}

/// Runs `commands` two at a time (the machine's cores), in order.
fn all(commands: Vec<Vec<String>>) -> Vec<Value> {
    let chunks: Vec<Vec<(usize, Vec<String>)>> = {
        let mut c: Vec<Vec<(usize, Vec<String>)>> = vec![vec![], vec![]];
        for (i, cmd) in commands.into_iter().enumerate() {
            c[i % 2].push((i, cmd));
        }
        c
    };
    let mut out: Vec<(usize, Value)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks.into_iter().map(|chunk| s.spawn(move || chunk.into_iter().map(|(i, c)| (i, json(&c))).collect::<Vec<_>>())).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    out.sort_by_key(|x| x.0);
    out.into_iter().map(|x| x.1).collect()
}

#[test]
fn every_view_shows_the_same_figure() {
    common::warm_face_up_pai_gow();
    let dir = std::env::temp_dir().join(format!("parsheet-one-answer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("report");
    common::ok(&["report", "--out", out.to_str().unwrap()]);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();

    // Every record of the report, with the command that prints it alone.
    let mut records: Vec<(String, Value, Vec<String>)> = Vec::new();
    for g in doc["games"].as_array().unwrap() {
        let game = g["game"].as_str().unwrap();
        for w in g["wagers"].as_array().unwrap() {
            let wager = w["id"].as_str().unwrap();
            for sheet in w["sheets"].as_array().unwrap() {
                for t in sheet["paytables"].as_array().unwrap() {
                    let Some(a) = t.get("analysis").filter(|a| !a.is_null()) else { continue };
                    let mut cmd: Vec<String> = ["analyze", game, wager, "--paytable", t["id"].as_str().unwrap()].map(String::from).to_vec();
                    if let Some(r) = sheet["reading"].as_str() {
                        cmd.extend(["--variant".into(), r.into()]);
                    }
                    records.push((format!("{}/{}/{}.html", game, wager, t["id"].as_str().unwrap()) + "#" + sheet["reading"].as_str().unwrap_or(""), a.clone(), cmd.clone()));
                    if !a["progressive"].is_null() {
                        let mut p = cmd.clone();
                        p[0] = "progressive".into();
                        records.push((format!("progressive {}", cmd.join(" ")), a.clone(), p));
                    }
                }
            }
            for st in w["strategy"].as_array().unwrap() {
                let mut cmd: Vec<String> = ["analyze", game, "base", "--variant", st["reading"].as_str().unwrap()].map(String::from).to_vec();
                if let Some(p) = st["paytable"].as_str() {
                    cmd.extend(["--paytable".into(), p.into()]);
                }
                records.push((format!("{game} base {}", cmd.join(" ")), st.clone(), cmd));
            }
        }
    }
    assert!(records.len() >= 120, "{} records", records.len());

    // 1. analyze and progressive print what the report holds.
    let printed = all(records.iter().map(|r| r.2.clone()).collect());
    for ((what, record, _), alone) in records.iter().zip(&printed) {
        assert_eq!(figures(alone), figures(record), "{what}");
    }

    // 2. verify: each check as the report holds it.
    let checks = json(&["verify".to_string()]);
    let mut in_report: Vec<Value> = Vec::new();
    for g in doc["games"].as_array().unwrap() {
        for w in g["wagers"].as_array().unwrap() {
            for f in w["published"].as_array().unwrap() {
                for c in f["checks"].as_array().unwrap() {
                    let mut c = c.clone();
                    // What explain adds (the changes, how many are plausible) is explain's.
                    c.as_object_mut().unwrap().remove("explanations");
                    c.as_object_mut().unwrap().remove("plausible");
                    in_report.push(c);
                }
            }
        }
    }
    assert_eq!(checks.as_array().unwrap(), &in_report, "verify and the report's checks");
    // A check that read a record carries that record's figures (a check of a corrected misprint
    // reads the corrected table, which no record prints).
    // A check under other terms (Envy from 4 other players, a given rate) asks another question.
    let terms = |v: &Value| -> Vec<Value> { v["assumptions"].as_array().map_or(vec![], |a| a.iter().filter(|x| x["name"] != "reading").cloned().collect()) };
    for c in in_report.iter().filter(|c| c["misprint_corrected"].is_null()) {
        if let Some((_, rec, _)) = records.iter().find(|(_, r, cmd)| {
            cmd[0] == "analyze" && r["game"] == c["game"] && r["paytable"] == c["paytable"] && r["reading"] == c["reading"] && (r["wager"] == c["wager"]) && terms(r) == terms(c)
        }) {
            assert_eq!(figures(c)["figures"], figures(rec)["figures"], "{c}");
        }
    }

    // 3. summary.csv, index.html and the workbook show the same values, rounded.
    let by_page: HashMap<String, &Value> = records.iter().filter(|r| r.2[0] == "analyze").map(|r| (page_key(&r.1), &r.1)).collect();
    let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let mut header: Vec<&str> = Vec::new();
    let mut csv_rows = 0;
    for (i, line) in csv.lines().enumerate() {
        let cells = split_csv(line);
        if i == 0 {
            header = line.split(',').collect();
            continue;
        }
        let cell = |k: &str| cells[header.iter().position(|h| *h == k).unwrap()].clone();
        let key = format!("{}#{}", cell("page"), cell("reading"));
        let r = by_page.get(&key).unwrap_or_else(|| panic!("summary.csv row {key} has no record"));
        let primary = r["figures"].as_array().unwrap().iter().find(|f| f["basis"] == r["primary_basis"]).unwrap();
        assert_eq!(cell("house_edge"), r["house_edge"].as_str().unwrap_or(""), "{key}");
        if let Some(e) = exact(&primary["house_edge"]) {
            assert_eq!(cell("house_edge_percent"), percent(&e, 6), "{key}");
        }
        if let Some(p) = exact(&primary["payback"]) {
            assert_eq!(cell("payback_percent"), percent(&p, 6), "{key}");
        }
        csv_rows += 1;
    }
    assert_eq!(csv_rows, by_page.len(), "one summary row per record");

    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    let mut html_rows = 0;
    for row in index.split("<tr>").skip(1) {
        let Some(href) = row.split("<td class=\"id\"><a href=\"").nth(1).map(|r| r.split('"').next().unwrap()) else { continue };
        let cells: Vec<String> = row.split("<td").skip(1).map(|c| strip_tags(c.split_once('>').map_or("", |x| x.1))).collect();
        // Wager, paytable, reading, basis, house edge, payback, …
        let reading = if cells[2] == "as written" { "" } else { cells[2].as_str() };
        let key = format!("{href}#{reading}");
        let r = by_page.get(&key).unwrap_or_else(|| panic!("index row {key} has no record"));
        if let Some(e) = exact(&r["house_edge"]) {
            assert_eq!(cells[4], format!("{}%", percent(&e, 3)), "{key}");
        }
        html_rows += 1;
    }
    assert_eq!(html_rows, by_page.len(), "one index row per record");

    use calamine::{Data, Reader};
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(out.join("report.xlsx")).unwrap();
    let sheet = book.worksheet_range("Summary").unwrap();
    let head: Vec<String> = sheet.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
    let col = |k: &str| head.iter().position(|h| h == k).unwrap();
    let mut xlsx_rows = 0;
    for row in sheet.rows().skip(1) {
        let key = format!("{}#{}", row[col("Page")], row[col("Reading")]);
        let r = by_page.get(&key).unwrap_or_else(|| panic!("workbook row {key} has no record"));
        // The exact value as text beside the number (a fraction in a percent format).
        if let Some(edge) = r["house_edge"].as_str() {
            assert_eq!(row[col("House edge (exact)")].to_string(), edge, "{key}");
        }
        if let (Some(e), Data::Float(x)) = (exact(&r["house_edge"]), &row[col("House edge")]) {
            assert_eq!(format!("{:.6}", x * 100.0), percent(&e, 6), "{key}");
        }
        xlsx_rows += 1;
    }
    assert_eq!(xlsx_rows, by_page.len(), "one workbook row per record");

    // 4. Face Up Pai Gow's house ways: `strategy --ways` prints the report's record, and
    // house-ways.csv and the workbook's House ways sheet carry its exact figures, every way
    // (Foxwoods's highest-permissible full-house option among them) and both bounds.
    let wagers: Vec<&Value> = doc["games"].as_array().unwrap().iter().flat_map(|g| g["wagers"].as_array().unwrap()).collect();
    let house_ways = wagers.iter().find_map(|w| w.get("house_ways")).expect("the report holds Face Up Pai Gow's house ways");
    assert_eq!(&json(&["strategy".into(), "face-up-pai-gow".into(), "--ways".into()]), house_ways, "strategy --ways and the report");
    let mut expected: Vec<(String, Option<&Value>, Option<&Value>)> =
        house_ways["ways"].as_array().unwrap().iter().map(|w| (w["spec"].as_str().unwrap().to_string(), Some(&w["optimal_player"]), Some(&w["house_way_player"]).filter(|h| !h.is_null()))).collect();
    expected.push(("dealer-best".into(), Some(&house_ways["dealer_best"]), None));
    expected.push(("dealer-worst".into(), Some(&house_ways["dealer_worst"]), None));
    assert!(expected.iter().any(|(w, _, h)| w == "foxwoods:full-house-front=highest-permissible" && h.is_some()), "the default way's option, counted for the house-way player");
    let csv = std::fs::read_to_string(out.join("house-ways.csv")).unwrap();
    let mut lines = csv.lines();
    let header = split_csv(lines.next().unwrap());
    let rows: Vec<Vec<String>> = lines.map(split_csv).collect();
    assert_eq!(rows.len(), expected.len(), "house-ways.csv: one row per way and bound");
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(out.join("report.xlsx")).unwrap();
    book.load_tables().unwrap();
    let name = book.table_names_in_sheet("House ways").into_iter().find(|n| n.starts_with("HouseWays")).expect("the House ways table").clone();
    let table = book.table_by_name(&name).unwrap();
    let columns = table.columns().to_vec();
    let sheet_rows: Vec<Vec<Data>> = table.data().rows().map(|r| r.to_vec()).collect();
    assert_eq!(sheet_rows.len(), expected.len(), "House ways: one row per way and bound");
    for (i, (way, optimal, house_way)) in expected.iter().enumerate() {
        let cell = |k: &str| rows[i][header.iter().position(|h| h == k).unwrap()].clone();
        let sheet = |k: &str| sheet_rows[i][columns.iter().position(|h| h == k).unwrap_or_else(|| panic!("no column {k}"))].clone();
        assert_eq!(cell("house_way"), *way, "house-ways.csv row {i}");
        assert_eq!(sheet("House way").to_string(), *way, "House ways row {i}");
        for (policy, csv_prefix, col_prefix) in [(optimal, "optimal_player", "Optimal player"), (house_way, "house_way_player", "House-way player")] {
            for (key, col) in [("house_edge", "house edge"), ("payback", "payback")] {
                let v = policy.and_then(|p| p[key].as_str()).unwrap_or("");
                assert_eq!(cell(&format!("{csv_prefix}_{key}")), v, "{way}: {csv_prefix}_{key}");
                assert_eq!(sheet(&format!("{col_prefix}: {col} (exact)")).to_string(), v, "{way}: {col_prefix}: {col} (exact)");
                match (exact(&Value::from(v)), sheet(&format!("{col_prefix}: {col}"))) {
                    (Some(e), Data::Float(x)) if !v.is_empty() => {
                        assert_eq!(cell(&format!("{csv_prefix}_{key}_percent")), percent(&e, 6), "{way}: {csv_prefix}_{key}_percent");
                        assert_eq!(format!("{:.6}", x * 100.0), percent(&e, 6), "{way}: {col_prefix}: {col}");
                    }
                    (_, d) => assert!(v.is_empty() && d == Data::Empty && cell(&format!("{csv_prefix}_{key}_percent")).is_empty(), "{way}: {col_prefix}: {col} {d:?} for {v:?}"),
                }
            }
        }
        let bound = match way.as_str() {
            "dealer-best" => "lower",
            "dealer-worst" => "upper",
            _ => "",
        };
        assert_eq!(cell("payback_bound"), bound, "{way}: payback_bound");
        assert_eq!(sheet("Payback bound").to_string(), bound, "{way}: Payback bound");
        let over = if bound.is_empty() { "" } else { "over every house way that sets hands alike by ranks, joker and flush ranks" };
        assert_eq!((cell("over"), sheet("Over").to_string()), (over.to_string(), over.to_string()), "{way}: what the bounds range over");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The page and reading a summary row of a record sits on.
fn page_key(r: &Value) -> String {
    let (game, wager) = (r["game"].as_str().unwrap(), r["wager"].as_str().unwrap());
    let reading = r["reading"].as_str().unwrap_or("");
    if wager == "base" {
        let table = r["paytable"].as_str().filter(|t| *t != "default").map(|t| format!("-{t}")).unwrap_or_default();
        // A main game's pages are `base`, whatever tables wager holds its pays (issue 31).
        return format!("{game}/base/strategy-{reading}{table}.html#{reading}");
    }
    format!("{game}/{wager}/{}.html#{reading}", r["paytable"].as_str().unwrap())
}

fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in html.split("</td>").next().unwrap_or("").chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out.replace("&#39;", "'").replace("&amp;", "&").trim().to_string()
}

fn split_csv(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    out.push(cell);
    out
}

#[test]
fn the_percent_helper_rounds_half_away_from_zero() {
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    assert_eq!(percent(&r(1, 8), 1), "12.5");
    assert_eq!(percent(&r(-1, 3), 3), "-33.333");
    assert_eq!(percent(&r(1, 200000), 3), "0.001");
    assert!(Path::new(env!("CARGO_MANIFEST_DIR")).exists());
}
