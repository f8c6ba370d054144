//! The report's summary rows: one per wager × paytable × reading (and per reading of a main
//! game's strategy), as the index, the summary CSV and the workbook show them.

use num_rational::BigRational;
use num_traits::One;
use serde_json::Value;

use super::format::{arr, ratio, s};

/// One row of the regulator's summary.
pub struct Row<'a> {
    pub game: &'a Value,
    pub wager: &'a Value,
    pub paytable: Option<&'a str>,
    pub reading: Option<&'a str>,
    /// Exact house edge per unit of the wager (per Ante for a main game), when one exists.
    pub house_edge: Option<String>,
    pub house_edge_percent: Option<String>,
    pub payback_percent: Option<String>,
    /// What the payback is: "payback", "long-run payback", "payback per total wagered".
    pub payback_label: &'static str,
    pub hit_frequency_percent: Option<String>,
    pub standard_deviation: Option<String>,
    /// Published figures that belong to this row: (printed, kind, status).
    pub published: Vec<(String, String, String)>,
    pub flags: Vec<String>,
    /// The page of the row, relative to the report's root.
    pub page: String,
}

/// A sheet page's path: `<game>/<wager>/<paytable>.html`.
pub fn sheet_page(game: &Value, wager: &Value, paytable: &str) -> String {
    format!("{}/{}/{paytable}.html", s(&game["game"]), s(&wager["id"]))
}

/// A strategy page's path: `<game>/<wager>/strategy-<reading>[-<paytable>].html`.
pub fn strategy_page(game: &Value, wager: &Value, st: &Value) -> String {
    let table = st["paytable"].as_str().filter(|t| *t != "default").map(|t| format!("-{t}")).unwrap_or_default();
    format!("{}/{}/strategy-{}{table}.html", s(&game["game"]), s(&wager["id"]), s(&st["reading"]))
}

pub fn wager_page(game: &Value, wager: &Value) -> String {
    format!("{}/{}.html", s(&game["game"]), s(&wager["id"]))
}

fn published(wager: &Value, paytable: Option<&str>, reading: Option<&str>) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for f in arr(&wager["published"]) {
        for c in arr(&f["checks"]) {
            let table_ok = paytable.is_none_or(|t| c["paytable"].as_str() == Some(t));
            if table_ok && c["reading"].as_str() == reading {
                let status = match c["misprint_corrected"].as_str() {
                    Some(_) => format!("{} (misprint corrected)", s(&c["status"])),
                    None => s(&c["status"]).to_string(),
                };
                // One entry per figure and status (a figure checked with and without Envy, say).
                let entry = (s(&f["printed"]).to_string(), s(&f["kind"]).to_string(), status);
                if !out.contains(&entry) {
                    out.push(entry);
                }
            }
        }
    }
    out
}

fn above_100(payback: Option<&BigRational>) -> Option<String> {
    payback.filter(|p| **p > BigRational::one()).map(|_| "payback above 100%".to_string())
}

/// Every summary row of the report, in the document's order.
pub fn rows(report: &Value) -> Vec<Row<'_>> {
    let mut out = Vec::new();
    for g in arr(&report["games"]) {
        for w in arr(&g["wagers"]) {
            for st in arr(&w["strategy"]) {
                let payback = st["payback_per_total_wagered_percent"].as_str().map(str::to_string);
                let pb = payback.as_deref().and_then(super::format::decimal_ratio).map(|p| p / BigRational::from_integer(100.into()));
                let reading = st["reading"].as_str();
                let paytable = st["paytable"].as_str();
                out.push(Row {
                    game: g,
                    wager: w,
                    paytable,
                    reading,
                    house_edge: st["house_edge"].as_str().map(str::to_string),
                    house_edge_percent: st["house_edge_percent"].as_str().map(str::to_string),
                    payback_percent: payback,
                    payback_label: "payback per total wagered",
                    hit_frequency_percent: None,
                    standard_deviation: None,
                    published: published(w, None, reading),
                    // A note's gist (before its colon) is the flag; the page gives the whole note.
                    flags: above_100(pb.as_ref()).into_iter().chain(arr(&st["notes"]).iter().map(|n| s(n).split(':').next().unwrap_or("").to_string())).collect(),
                    page: strategy_page(g, w, st),
                });
            }
            for sheet in arr(&w["sheets"]) {
                for t in arr(&sheet["paytables"]) {
                    let id = s(&t["id"]);
                    let reading = sheet["reading"].as_str();
                    let model = &t["model"];
                    let (payback, label) = match (t["payback_percent"].as_str(), model["long_run_percent"].as_str(), model["long_run_without_rate_percent"].as_str()) {
                        (Some(p), _, _) => (Some(p.to_string()), "payback"),
                        (None, Some(l), _) => (Some(l.to_string()), "long-run payback"),
                        (None, None, Some(w)) => (Some(w.to_string()), "long run before the rate"),
                        (None, None, None) => (None, "payback"),
                    };
                    let exact_payback = t["payback"].as_str().and_then(ratio).or_else(|| model["long_run"].as_str().and_then(ratio));
                    let mut flags: Vec<String> = above_100(exact_payback.as_ref()).into_iter().collect();
                    if let Some(f) = t["reading_flag"].as_str() {
                        flags.push(f.split(':').next().unwrap_or(f).to_string());
                    }
                    if model.is_object() && model["long_run"].is_null() && model["error"].is_null() {
                        flags.push("no rate of progression printed".to_string());
                    } else if payback.is_none() {
                        flags.push(model["error"].as_str().or(t["error"].as_str()).unwrap_or("not computed").to_string());
                    }
                    out.push(Row {
                        game: g,
                        wager: w,
                        paytable: Some(id),
                        reading,
                        house_edge: t["house_edge"].as_str().map(str::to_string),
                        house_edge_percent: t["house_edge_percent"].as_str().map(str::to_string),
                        payback_percent: payback,
                        payback_label: label,
                        hit_frequency_percent: t["hit_frequency_percent"].as_str().map(str::to_string),
                        standard_deviation: t["standard_deviation"].as_str().map(str::to_string),
                        published: published(w, Some(id), reading),
                        flags,
                        page: sheet_page(g, w, id),
                    });
                }
            }
        }
    }
    out
}
