//! Renders the report document (see `mod.rs`) as HTML pages, Markdown and CSV.
//!
//! Pages: `index.html` (the regulator's summary: one row per wager × paytable × reading), one
//! page per wager (readings, charts, the published figures and their checks), one PAR sheet page
//! per paytable (every reading of it), and one page per reading of a main game's strategy. Every
//! page has the same header: where it sits, the previous and next page, and the exports.

use num_rational::BigRational;
use serde_json::Value;

use super::chart::{self, Bar, Scale};
use super::format::{arr, esc, grouped, md, md_code, one_in, percent_text, per_unit, probability, ratio, rounds_within_a_point, s};
use super::rows::{self, Row};

/// A table: header, body rows, and summary rows (shown below the body, set apart).
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub summary: Vec<Vec<String>>,
}

/// The printed label of `outcome` under paytable `t` (or any table of the wager), with the id
/// beside it where one label covers several outcomes of the table (a split printed line).
pub fn hand(w: &Value, t: Option<&Value>, outcome: &str) -> String {
    if outcome == "other" {
        return "All other hands".into();
    }
    let own = t.and_then(|t| t["hands"][outcome].as_str());
    let any = || arr(&w["paytables"]).iter().flat_map(|p| arr(&p["lines"])).find(|l| s(&l["outcome"]) == outcome).and_then(|l| l["hand"].as_str());
    let Some(label) = own.or_else(any) else { return outcome.to_string() };
    let shared = t.is_some_and(|t| t["hands"].as_object().is_some_and(|m| m.values().filter(|v| v.as_str() == Some(label)).count() > 1));
    if shared {
        format!("{label} ({outcome})")
    } else {
        label.to_string()
    }
}

/// The PAR sheet of one paytable under one reading: hand, pays, combinations, probability,
/// 1 in N, return; then cycle, house edge (decimal and exact), payback, hit frequency, standard
/// deviation, or the progressive model's figures.
pub fn par_sheet(w: &Value, sheet: &Value, t: &Value) -> Table {
    let header = ["Hand", "Pays", "Combinations", "Probability", "1 in N", "Return"].map(String::from).to_vec();
    let mut rows = Vec::new();
    for o in arr(&sheet["outcomes"]) {
        let id = s(&o["outcome"]);
        let p = ratio(s(&o["probability"])).unwrap_or_default();
        let ret = t["returns"][id].as_str().and_then(ratio).map_or("—".to_string(), |r| per_unit(&r));
        rows.push(vec![hand(w, Some(t), id), t["pays"][id].as_str().unwrap_or("loses").to_string(), grouped(s(&o["combinations"])), probability(&p), one_in(&p), ret]);
    }
    let mut summary = vec![vec!["Cycle".to_string(), String::new(), grouped(s(&sheet["cycle"])), "1".into(), String::new(), String::new()]];
    let line = |label: &str, value: String| vec![label.to_string(), String::new(), String::new(), String::new(), String::new(), value];
    if let Some(edge) = t["house_edge"].as_str() {
        summary.push(line("House edge", percent_text(s(&t["house_edge_percent"]), 4)));
        summary.push(line("House edge (exact)", edge.to_string()));
        summary.push(line("Payback", percent_text(s(&t["payback_percent"]), 4)));
        summary.push(line("Hit frequency", percent_text(s(&t["hit_frequency_percent"]), 4)));
        summary.push(line("Standard deviation", s(&t["standard_deviation"]).to_string()));
    } else if t["model"]["error"].is_null() && t["model"].is_object() {
        let m = &t["model"];
        summary.push(line("Fixed pays' return", percent_text(s(&m["fixed_return_percent"]), 4)));
        match m["long_run_percent"].as_str() {
            Some(l) => summary.push(line("Long-run payback", percent_text(l, 4))),
            None => summary.push(line("Long-run payback", format!("{} + rate (no rate printed)", percent_text(s(&m["long_run_without_rate_percent"]), 4)))),
        }
    } else {
        summary.push(line("House edge", s(&t["error"]).to_string()));
    }
    Table { header, rows, summary }
}

/// The progressive model of a paytable, as lines of text.
fn model_lines(m: &Value) -> Vec<String> {
    if let Some(e) = m["error"].as_str() {
        return vec![format!("The progressive model cannot be evaluated: {e}")];
    }
    let mut out = vec![format!("Assumptions: {}.", arr(&m["assumptions"]).iter().map(s).collect::<Vec<_>>().join(", "))];
    out.push(format!("Return of the fixed pays (stake included where returned): {}.", percent_text(s(&m["fixed_return_percent"]), 4)));
    match m["long_run_percent"].as_str() {
        Some(l) => out.push(format!("Long-run payback: {} (exact {}).", percent_text(l, 4), s(&m["long_run"]))),
        None => out.push(format!("Long-run payback: {} plus the rate of progression, which the table does not print.", percent_text(s(&m["long_run_without_rate_percent"]), 4))),
    }
    if let (Some(meter), Some(p)) = (m["meter"].as_str(), m["payback_at_meter_percent"].as_str()) {
        out.push(format!("Payback at a {meter} meter (the reset): {}.", percent_text(p, 4)));
    }
    if let Some(b) = m["break_even_meter"].as_str() {
        out.push(format!("Break-even meter (payback 100%): {b}."));
    } else if !arr(&m["awards"]).is_empty() {
        out.push("Break-even meter: none, the payback is 100% or more at any meter.".into());
    }
    out
}

fn award_table(w: &Value, t: &Value) -> Option<Table> {
    let awards = arr(&t["model"]["awards"]);
    if awards.is_empty() {
        return None;
    }
    let rows = awards
        .iter()
        .map(|a| {
            let p = ratio(s(&a["probability"])).unwrap_or_default();
            vec![hand(w, Some(t), s(&a["outcome"])), s(&a["pays"]).to_string(), probability(&p), one_in(&p)]
        })
        .collect();
    Some(Table { header: ["Meter award", "Pays", "Probability", "1 in N"].map(String::from).to_vec(), rows, summary: vec![] })
}

/// A main game's strategy table and its outcomes, with the summary lines.
fn strategy_tables(st: &Value) -> (Table, Table, Vec<String>) {
    let plays: Vec<&str> = arr(&st["plays"]).iter().map(s).collect();
    let mut header = vec!["Situation".to_string(), "Play".into()];
    header.extend(plays.iter().map(|p| format!("{p} (net)")));
    let rows = arr(&st["decisions"])
        .iter()
        .map(|d| {
            let mut r = vec![s(&d["situation"]).to_string(), s(&d["play"]).to_string()];
            for p in &plays {
                r.push(arr(&d["options"]).iter().find(|o| s(&o["play"]) == *p).map_or("—", |o| s(&o["expected_net_decimal"])).to_string());
            }
            r
        })
        .collect();
    let outcomes = arr(&st["outcomes"])
        .iter()
        .map(|o| {
            let p = ratio(s(&o["combinations"])).zip(ratio(s(&st["cycle"]))).map(|(n, c)| n / c).unwrap_or_default();
            vec![s(&o["outcome"]).to_string(), grouped(s(&o["combinations"])), probability(&p), one_in(&p), s(&o["net"]).to_string()]
        })
        .collect();
    let mut summary = vec![format!("House edge per Ante: {} (exact {}).", percent_text(s(&st["house_edge_percent"]), 4), s(&st["house_edge"]))];
    if s(&st["initial_wager"]) != "1" {
        summary.push(format!(
            "House edge per initial wager ({} Antes): {} (exact {}).",
            s(&st["initial_wager"]),
            percent_text(s(&st["house_edge_per_initial_wager_percent"]), 4),
            s(&st["house_edge_per_initial_wager"])
        ));
    }
    summary.push(format!("Average wager: {} Antes.", s(&st["average_wager"])));
    summary.push(format!("Element of risk: {} (exact {}).", percent_text(s(&st["element_of_risk_percent"]), 4), s(&st["element_of_risk"])));
    summary.push(format!("Payback per total amount wagered: {}.", percent_text(s(&st["payback_per_total_wagered_percent"]), 4)));
    for a in arr(&st["actions"]) {
        summary.push(format!("{}: {} deals ({}).", s(&a["action"]), grouped(s(&a["deals"])), percent_text(s(&a["frequency_percent"]), 2)));
    }
    for n in arr(&st["notes"]) {
        summary.push(format!("Note: {}", s(n)));
    }
    (
        Table { header, rows, summary: vec![] },
        Table { header: ["Outcome", "Combinations", "Probability", "1 in N", "Net per Ante"].map(String::from).to_vec(), rows: outcomes, summary: vec![] },
        summary,
    )
}

fn reading_title(reading: Option<&str>) -> String {
    reading.map_or("the rules as written".to_string(), |r| format!("reading {r}"))
}

/// A chart label: "A · ace-high-only".
fn short_label(r: &Row) -> String {
    let parts: Vec<&str> = r.paytable.filter(|t| *t != "default").into_iter().chain(r.reading).collect();
    if parts.is_empty() {
        "as written".into()
    } else {
        parts.join(" · ")
    }
}

// ---------------------------------------------------------------------------------------------
// Markdown

fn md_table(t: &Table) -> String {
    let header: Vec<String> = t.header.iter().map(|h| md(h)).collect();
    let mut out = format!("| {} |\n|{}|\n", header.join(" | "), t.header.iter().enumerate().map(|(i, _)| if i == 0 { ":---" } else { "---:" }).collect::<Vec<_>>().join("|"));
    for r in t.rows.iter().chain(&t.summary) {
        out += &format!("| {} |\n", r.iter().map(|c| md(c)).collect::<Vec<_>>().join(" | "));
    }
    out
}

pub fn markdown(report: &Value) -> String {
    let mut out = format!("# Hold report\n\nGenerated by {} from {}. Exact values are fractions; decimals are rounded for display.\n", md(s(&report["generator"])), md(s(&report["tables"])));
    for g in arr(&report["games"]) {
        out += &format!("\n## {} (ch. {})\n\nSource: {}; {}.\n", md(s(&g["title"])), md(s(&g["chapter"])), md(s(&g["rulemaking"])), md(s(&g["file"])));
        for w in arr(&g["wagers"]) {
            out += &wager_markdown(w);
        }
    }
    out
}

/// The Markdown section of one wager.
pub fn wager_markdown(w: &Value) -> String {
    let mut out = format!("\n### {} ({}, § {})\n\n", md(s(&w["title"])), md_code(s(&w["id"])), md(s(&w["section"])));
    if let Some(r) = w["rules"].as_str() {
        out += &format!("Rules: § {}. Deal: {}.\n\n", md(r), md(s(&w["deal"])));
    }
    for r in arr(&w["readings"]) {
        out += &format!("- reading {}: {}\n", md_code(s(&r["id"])), md(s(&r["description"])));
    }
    for r in arr(&w["rejected_readings"]) {
        out += &format!("- reading {} is rejected by the notes: {}\n", md_code(s(&r["reading"])), md(s(&r["note"])));
    }
    if !w["computed"].as_bool().unwrap_or(false) {
        out += &format!("*{}.* Paytables as approved:\n\n", md(s(&w["reason"])));
        for p in arr(&w["paytables"]) {
            let lines: Vec<String> = arr(&p["lines"]).iter().map(|l| format!("{} {}", l["hand"].as_str().unwrap_or(s(&l["outcome"])), s(&l["pays"]))).collect();
            out += &format!("- {}: {}\n", md(s(&p["id"])), md(&lines.join("; ")));
        }
    }
    for st in arr(&w["strategy"]) {
        let (decisions, outcomes, summary) = strategy_tables(st);
        let table = st["paytable"].as_str().map_or(String::new(), |t| format!(", paytable {}", md(t)));
        out += &format!("\n#### Optimal strategy, reading {}{table} (cycle {})\n\n", md_code(s(&st["reading"])), grouped(s(&st["cycle"])));
        out += &md_table(&decisions);
        out += "\n";
        out += &md_table(&outcomes);
        out += "\n";
        for line in summary {
            out += &format!("- {}\n", md(&line));
        }
    }
    for sheet in arr(&w["sheets"]) {
        let reading = sheet["reading"].as_str();
        if arr(&sheet["paytables"]).is_empty() {
            out += &format!("\n#### Outcomes, {} (cycle {})\n\n", md(&reading_title(reading)), grouped(s(&sheet["cycle"])));
            out += &md_table(&outcome_table(w, sheet));
        }
        for t in arr(&sheet["paytables"]) {
            out += &format!("\n#### Paytable {}, {}\n\n", md(s(&t["id"])), md(&reading_title(reading)));
            if let Some(f) = t["reading_flag"].as_str() {
                out += &format!("**Flag:** {}\n\n", md(f));
            }
            out += &md_table(&par_sheet(w, sheet, t));
            if t["model"].is_object() {
                out += "\n";
                for l in model_lines(&t["model"]) {
                    out += &format!("- {}\n", md(&l));
                }
                if let Some(a) = award_table(w, t) {
                    out += "\n";
                    out += &md_table(&a);
                }
            }
        }
    }
    let published = published_lines(w);
    if !published.is_empty() {
        out += "\nPublished figures:\n\n";
        for (head, lines) in published {
            out += &format!("- {head}\n");
            for l in lines {
                out += &format!("  - {}\n", l.trim_start());
            }
        }
    }
    for n in arr(&w["notes"]) {
        out += &format!("\n> {}\n", md(s(n)));
    }
    out
}

/// Outcome frequencies of a wager without an approved paytable.
fn outcome_table(w: &Value, sheet: &Value) -> Table {
    let rows = arr(&sheet["outcomes"])
        .iter()
        .map(|o| {
            let p = ratio(s(&o["probability"])).unwrap_or_default();
            vec![hand(w, None, s(&o["outcome"])), grouped(s(&o["combinations"])), probability(&p), one_in(&p)]
        })
        .collect();
    Table { header: ["Outcome", "Combinations", "Probability", "1 in N"].map(String::from).to_vec(), rows, summary: vec![] }
}

/// The published figures and their checks, as Markdown list items (the document's text escaped).
fn published_lines(w: &Value) -> Vec<(String, Vec<String>)> {
    arr(&w["published"])
        .iter()
        .map(|f| {
            let table = f["paytable"].as_str().map_or("all paytables".to_string(), |t| format!("paytable {}", md(t)));
            let head = format!("{} {} ({table}; {})", md(s(&f["kind"])), md(s(&f["printed"])), md(s(&f["section"])));
            let mut lines = Vec::new();
            for c in arr(&f["checks"]) {
                let reading = c["reading"].as_str().map_or(String::new(), |r| format!(" [{}]", md(r)));
                let computed = c["computed_percent"].as_str().map_or(String::new(), |v| format!(" computed {v}% ({}),", s(&c["computed"])));
                lines.push(format!("{}{reading}: {}{computed} {}", md(s(&c["paytable"])), md(s(&c["status"])), md(s(&c["detail"]))));
                for e in arr(&c["explanations"]) {
                    lines.push(format!("    {}", md(s(e))));
                }
            }
            (head, lines)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// HTML

const STYLE: &str = "*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.25rem 3rem;color:#1a1a1a;line-height:1.45}\
header.site{border-bottom:1px solid #ddd;padding-bottom:.5rem;margin-bottom:1rem;font-size:.9rem}header.site nav{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;justify-content:space-between}\
.crumbs a,.pager a,.exports a{white-space:nowrap}.exports{color:#555}\
table{border-collapse:collapse;margin:.75rem 0 1.25rem;font-size:.85rem;max-width:100%}th,td{border:1px solid #d5d5d5;padding:.2rem .5rem;text-align:right;vertical-align:top}\
th{background:#eef2f7;font-weight:600}th:first-child,td:first-child{text-align:left}td{white-space:nowrap}td.text,th.text{text-align:left;white-space:normal}\
td.id,th.id{text-align:left}td.exact{white-space:normal;overflow-wrap:anywhere;max-width:22rem}tbody.summary td{background:#f7f7f7;font-weight:600}.wide{overflow-x:auto;max-width:100%}\
.status-reproduced{color:#146c2e}.status-DIFFERS{color:#b3261e;font-weight:600}.status-not{color:#666}.flag{color:#8a1c12;font-weight:600}\
code{background:#f3f3f3;padding:0 .2rem;overflow-wrap:anywhere}.note{color:#444;font-size:.85rem;border-left:3px solid #ddd;padding-left:.6rem;overflow-wrap:anywhere}\
a{color:#0b57d0}h1,h2,h3{line-height:1.2}h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem}\
table.summary{width:100%}figure{margin:1rem 0}figure svg{max-width:100%;height:auto}ul.toc{columns:2;column-gap:2rem}ul.toc li{break-inside:avoid}\
details{margin:.25rem 0}summary{cursor:pointer;color:#0b57d0}\
@media print{header.site nav.pager,header.site .exports{display:none}body{max-width:none;padding:0;font-size:10pt}a{color:inherit;text-decoration:none}\
h2,h3{break-after:avoid}tr,figure{break-inside:avoid}.wide{overflow:visible}details>*{display:block}ul.toc{columns:1}}";

/// One page of the site: its path from the root, title, breadcrumb (label, path) and body.
pub struct Page {
    pub path: String,
    pub title: String,
    pub crumbs: Vec<(String, Option<String>)>,
    pub body: String,
}

/// The relative way from `from` (a page path) to `to` (a path from the root).
fn link(from: &str, to: &str) -> String {
    let depth = from.matches('/').count();
    format!("{}{to}", "../".repeat(depth))
}

fn html_table(t: &Table) -> String {
    let mut out = String::from("<div class=\"wide\"><table><thead><tr>");
    for h in &t.header {
        out += &format!("<th>{}</th>", esc(h));
    }
    out += "</tr></thead><tbody>";
    for r in &t.rows {
        out += "<tr>";
        for (i, c) in r.iter().enumerate() {
            out += &format!("<td{}>{}</td>", cell_class(i, c), esc(c));
        }
        out += "</tr>";
    }
    out += "</tbody>";
    if !t.summary.is_empty() {
        out += "<tbody class=\"summary\">";
        for r in &t.summary {
            // A label, then the value in the last non-empty cell, spanning what is empty.
            let filled: Vec<(usize, &String)> = r.iter().enumerate().filter(|(_, c)| !c.is_empty()).collect();
            out += "<tr>";
            let mut col = 0;
            for (i, c) in filled {
                if i > col {
                    out += &format!("<td colspan=\"{}\"></td>", i - col);
                }
                out += &format!("<td{}>{}</td>", cell_class(i, c), esc(c));
                col = i + 1;
            }
            if col < r.len() {
                out += &format!("<td colspan=\"{}\"></td>", r.len() - col);
            }
            out += "</tr>";
        }
        out += "</tbody>";
    }
    out + "</table></div>"
}

/// Labels (the first column) and long exact fractions wrap; figures do not.
fn cell_class(column: usize, text: &str) -> &'static str {
    if column == 0 {
        " class=\"text\""
    } else if text.contains('/') && text.len() > 24 {
        " class=\"exact\""
    } else {
        ""
    }
}

fn status_class(status: &str) -> &'static str {
    if status.starts_with("reproduced") {
        "status-reproduced"
    } else if status.starts_with("DIFFERS") {
        "status-DIFFERS"
    } else {
        "status-not"
    }
}

fn published_cell(r: &Row) -> String {
    r.published
        .iter()
        .map(|(printed, kind, status)| format!("{} {} <span class=\"{}\">{}</span>", esc(kind), esc(printed), status_class(status), esc(status)))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn flags_cell(r: &Row) -> String {
    r.flags.iter().map(|f| format!("<span class=\"flag\">{}</span>", esc(f))).collect::<Vec<_>>().join("<br>")
}

/// The summary table of `rows`, linking each row to its page (from the page at `from`).
fn summary_html(rows: &[&Row], from: &str, with_wager: bool) -> String {
    let mut out = String::from("<div class=\"wide\"><table class=\"summary\"><thead><tr>");
    if with_wager {
        out += "<th>Wager</th>";
    }
    out += "<th class=\"id\">Paytable</th><th class=\"id\">Reading</th><th>House edge</th><th>Payback</th><th>Hit freq.</th><th>SD</th><th class=\"text\">Published</th><th class=\"text\">Flags</th></tr></thead><tbody>";
    for (i, r) in rows.iter().enumerate() {
        out += "<tr>";
        if with_wager {
            // The wager's name once, on its first row.
            let first = i == 0 || !std::ptr::eq(rows[i - 1].wager, r.wager);
            let name = if first { format!("<a href=\"{}\">{}</a>", esc(&link(from, &rows::wager_page(r.game, r.wager))), esc(s(&r.wager["title"]))) } else { String::new() };
            out += &format!("<td class=\"text\">{name}</td>");
        }
        let payback = r.payback_percent.as_deref().map_or("—".to_string(), |p| {
            let label = if r.payback_label == "payback" { String::new() } else { format!("<br><small>{}</small>", r.payback_label) };
            format!("{}{label}", esc(&percent_text(p, 3)))
        });
        let table = r.paytable.filter(|t| *t != "default").unwrap_or(if r.paytable.is_some() { "the table" } else { "strategy" });
        out += &format!(
            "<td class=\"id\"><a href=\"{}\">{}</a></td><td class=\"id\">{}</td><td>{}</td><td>{payback}</td><td>{}</td><td>{}</td><td class=\"text\">{}</td><td class=\"text\">{}</td></tr>",
            esc(&link(from, &r.page)),
            esc(table),
            esc(r.reading.unwrap_or("as written")),
            r.house_edge_percent.as_deref().map_or("—".to_string(), |h| esc(&percent_text(h, 3))),
            r.hit_frequency_percent.as_deref().map_or("—".to_string(), |h| esc(&percent_text(h, 2))),
            r.standard_deviation.as_deref().map_or("—".to_string(), |v| esc(&format!("{:.3}", v.parse::<f64>().unwrap_or(f64::NAN)))),
            published_cell(r),
            flags_cell(r)
        );
    }
    out + "</tbody></table></div>"
}

/// The house edge of every paytable and reading, with the published figure as a marker.
fn edge_chart(rows: &[&Row]) -> String {
    let bars: Vec<Bar> = rows
        .iter()
        .filter_map(|r| {
            let edge = r.house_edge_percent.as_deref().and_then(|h| h.parse::<f64>().ok()).or_else(|| r.payback_percent.as_deref().and_then(|p| p.parse::<f64>().ok()).map(|p| 100.0 - p))?;
            let mark = r.published.first().and_then(|(printed, kind, _)| {
                let house = kind == "hold" || kind == "house-edge";
                let conv = |t: &str| t.trim().trim_end_matches('%').parse::<f64>().ok().map(|v| if house { v } else { 100.0 - v });
                match printed.split_once(" to ") {
                    Some((a, b)) => Some((conv(a)?.min(conv(b)?), conv(a)?.max(conv(b)?))),
                    None => conv(printed).map(|v| (v, v)),
                }
            });
            Some(Bar { label: short_label(r), value: edge, text: format!("{edge:.3}%"), mark })
        })
        .collect();
    if bars.is_empty() {
        return String::new();
    }
    chart::bars("House edge (long-run where a meter pays)", &bars, "house edge, % of the wager", "%", Scale::Linear)
        + "<p class=\"note\">Bars: computed house edge (orange: the player's edge). Red line or band: the published figure or range (a payback p is drawn at 100% − p).</p>"
}

/// Rounds until the realised payback is within ±1 point of the expected one, 95% of the time.
fn volatility_chart(rows: &[&Row]) -> String {
    let bars: Vec<Bar> = rows
        .iter()
        .filter_map(|r| {
            let sd: f64 = r.standard_deviation.as_deref()?.parse().ok()?;
            let n = rounds_within_a_point(sd);
            Some(Bar { label: short_label(r), value: n, text: grouped(&format!("{:.0}", n.ceil())), mark: None })
        })
        .collect();
    if bars.is_empty() {
        return String::new();
    }
    chart::bars("Volatility: rounds to within ±1 point of the payback", &bars, "rounds (log scale)", "", Scale::Log)
        + "<p class=\"note\">Rounds after which the realised payback lies within ±1 percentage point of the expected payback 95% of the time: n = (1.96 σ / 0.01)², σ the standard deviation per unit wagered (normal approximation).</p>"
}

fn return_chart(w: &Value, sheet: &Value, t: &Value) -> String {
    let bars: Vec<Bar> = arr(&sheet["outcomes"])
        .iter()
        .filter_map(|o| {
            let id = s(&o["outcome"]);
            let r = t["returns"][id].as_str().and_then(ratio)?;
            let v = parsheet_paytable::Decimal(&r).to_f64();
            Some(Bar { label: hand(w, Some(t), id), value: v, text: per_unit(&r), mark: None })
        })
        .collect();
    if bars.is_empty() {
        return String::new();
    }
    chart::bars(&format!("Return by hand, paytable {}, {}", s(&t["id"]), reading_title(sheet["reading"].as_str())), &bars, "return per unit wagered", "", Scale::Linear)
}

fn published_html(w: &Value, only: Option<&str>) -> String {
    let mut out = String::new();
    for f in arr(&w["published"]) {
        let checks: Vec<&Value> = arr(&f["checks"]).iter().filter(|c| only.is_none_or(|t| c["paytable"].as_str() == Some(t))).collect();
        if only.is_some() && checks.is_empty() && f["paytable"].as_str() != only {
            continue;
        }
        let table = f["paytable"].as_str().map_or("all paytables".to_string(), |t| format!("paytable {t}"));
        out += &format!("<li><strong>{} {}</strong> ({}; {})", esc(s(&f["kind"])), esc(s(&f["printed"])), esc(&table), esc(&crate::explain::cite(s(&f["section"]))));
        if let Some(n) = f["note"].as_str() {
            out += &format!("<p class=\"note\">{}</p>", esc(n));
        }
        out += "<ul>";
        for c in checks {
            let reading = c["reading"].as_str().map_or(String::new(), |r| format!(", reading {r}"));
            let computed = c["computed_percent"].as_str().map_or(String::new(), |v| format!(": computed {v}%"));
            let misprint = c["misprint_corrected"].as_str().map_or(String::new(), |m| format!(" <em>(misprint corrected: {})</em>", esc(m)));
            out += &format!(
                "<li>paytable {}{}{}{misprint} — <span class=\"{}\">{}</span>. <span class=\"note\">{}</span>",
                esc(s(&c["paytable"])),
                esc(&reading),
                esc(&computed),
                status_class(s(&c["status"])),
                esc(s(&c["status"])),
                // The figure's note is shown once above, not in every check.
                esc(s(&c["detail"]).split("; table note: ").next().unwrap_or(""))
            );
            let ex = arr(&c["explanations"]);
            if !ex.is_empty() {
                // The few most plausible first; the rest on request.
                out += "<ul>";
                for e in ex.iter().take(crate::explain::PLAUSIBLE) {
                    out += &format!("<li>{}</li>", esc(s(e)));
                }
                out += "</ul>";
                if ex.len() > crate::explain::PLAUSIBLE {
                    out += &format!("<details><summary>{} less plausible one-line changes</summary><ul>", ex.len() - crate::explain::PLAUSIBLE);
                    for e in &ex[crate::explain::PLAUSIBLE..] {
                        out += &format!("<li>{}</li>", esc(s(e)));
                    }
                    out += "</ul></details>";
                }
            }
            out += "</li>";
        }
        out += &format!("</ul><p class=\"note\">“{}”</p></li>", esc(s(&f["quote"])));
    }
    if out.is_empty() {
        out
    } else {
        format!("<h2 id=\"published\">Published figures</h2><ul>{out}</ul>")
    }
}

fn wager_pages(g: &Value, w: &Value, all: &[Row]) -> Vec<Page> {
    let path = rows::wager_page(g, w);
    let mine: Vec<&Row> = all.iter().filter(|r| std::ptr::eq(r.wager, w)).collect();
    let crumbs = |extra: Option<String>| {
        let mut c = vec![(s(&g["title"]).to_string(), Some(format!("index.html#{}", s(&g["game"])))), (s(&w["title"]).to_string(), Some(path.clone()))];
        if let Some(e) = extra {
            c.push((e, None));
        }
        c
    };
    let mut body = format!("<h1>{}: {}</h1><p>§ {} · wager <code>{}</code></p>", esc(s(&g["title"])), esc(s(&w["title"])), esc(s(&w["section"])), esc(s(&w["id"])));
    if let Some(r) = w["rules"].as_str() {
        body += &format!("<p>Rules: § {}. Deal: {}.</p>", esc(r), esc(s(&w["deal"])));
    }
    if !arr(&w["readings"]).is_empty() {
        body += "<p>The regulation leaves this open, so each reading is computed:</p><ul>";
        for r in arr(&w["readings"]) {
            let id = s(&r["id"]);
            let rejected = arr(&w["rejected_readings"]).iter().find(|x| s(&x["reading"]) == id).map_or(String::new(), |x| format!(" <span class=\"flag\">Rejected by the notes:</span> {}", esc(s(&x["note"]))));
            body += &format!("<li><code>{}</code>: {}{rejected}</li>", esc(id), esc(s(&r["description"])));
        }
        body += "</ul>";
    }
    if !w["computed"].as_bool().unwrap_or(false) {
        body += &format!("<p><em>{}.</em> The approved paytables:</p><ul>", esc(s(&w["reason"])));
        for p in arr(&w["paytables"]) {
            let lines: Vec<String> = arr(&p["lines"]).iter().map(|l| format!("{} {}", l["hand"].as_str().unwrap_or(s(&l["outcome"])), s(&l["pays"]))).collect();
            body += &format!("<li>{}: {}</li>", esc(s(&p["id"])), esc(&lines.join("; ")));
        }
        body += "</ul>";
    }
    let mut pages = Vec::new();
    if !mine.is_empty() {
        body += "<h2 id=\"summary\">Summary</h2>";
        body += &summary_html(&mine, &path, false);
        body += &edge_chart(&mine);
        body += &volatility_chart(&mine);
    }
    for sheet in arr(&w["sheets"]) {
        if arr(&sheet["paytables"]).is_empty() {
            body += &format!("<h2>Outcomes, {} (cycle {})</h2><p>No approved paytable is printed; the frequencies of the outcomes:</p>", esc(&reading_title(sheet["reading"].as_str())), esc(&grouped(s(&sheet["cycle"]))));
            body += &html_table(&outcome_table(w, sheet));
        }
    }
    body += &published_html(w, None);
    if !arr(&w["notes"]).is_empty() {
        body += "<h2 id=\"notes\">Notes of the tables</h2>";
        for n in arr(&w["notes"]) {
            body += &format!("<p class=\"note\">{}</p>", esc(s(n)));
        }
    }
    pages.push(Page { path: path.clone(), title: format!("{} — {}", s(&g["title"]), s(&w["title"])), crumbs: crumbs(None), body });
    // A page per main-game strategy.
    for st in arr(&w["strategy"]) {
        let (decisions, outcomes, summary) = strategy_tables(st);
        let table = st["paytable"].as_str().map_or(String::new(), |t| format!(", paytable {t}"));
        let title = format!("Optimal strategy, reading {}{table}", s(&st["reading"]));
        let mut body = format!("<h1>{}: {}</h1><h2>{}</h2><ul>", esc(s(&g["title"])), esc(s(&w["title"])), esc(&title));
        for l in summary {
            body += &format!("<li>{}</li>", esc(&l));
        }
        body += &format!("</ul><h3>Outcomes under the strategy (cycle {})</h3>", esc(&grouped(s(&st["cycle"]))));
        body += &html_table(&outcomes);
        body += "<h3>The strategy: expected net per Ante of each play</h3>";
        body += &html_table(&decisions);
        pages.push(Page { path: rows::strategy_page(g, w, st), title: format!("{} — {}", s(&w["title"]), title), crumbs: crumbs(Some(title)), body });
    }
    // A PAR sheet page per paytable: every reading of it.
    for p in arr(&w["paytables"]) {
        let id = s(&p["id"]);
        let sheets: Vec<(&Value, &Value)> = arr(&w["sheets"]).iter().filter_map(|sh| arr(&sh["paytables"]).iter().find(|t| s(&t["id"]) == id).map(|t| (sh, t))).collect();
        if sheets.is_empty() {
            continue;
        }
        let page_path = rows::sheet_page(g, w, id);
        let title = format!("Paytable {id}");
        let mut body = format!("<h1>{}: {}, paytable {}</h1><p>§ {}", esc(s(&g["title"])), esc(s(&w["title"])), esc(id), esc(s(&p["section"])));
        let terms: Vec<String> = p["terms"].as_object().map(|m| m.iter().map(|(k, v)| format!("{k}: {}", s(v))).collect()).unwrap_or_default();
        if !terms.is_empty() {
            body += &format!(" · printed terms: {}", esc(&terms.join("; ")));
        }
        body += "</p>";
        if sheets.len() > 1 {
            body += "<p>Readings on this page: ";
            body += &sheets.iter().map(|(sh, _)| {
                let r = sh["reading"].as_str().unwrap_or("as-written");
                format!("<a href=\"#reading-{}\">{}</a>", esc(r), esc(r))
            }).collect::<Vec<_>>().join(" · ");
            body += "</p>";
        }
        for (sh, t) in &sheets {
            let reading = sh["reading"].as_str();
            body += &format!("<h2 id=\"reading-{}\">{}</h2>", esc(reading.unwrap_or("as-written")), esc(&reading_title(reading)));
            if let Some(d) = reading.and_then(|r| arr(&w["readings"]).iter().find(|x| s(&x["id"]) == r)) {
                body += &format!("<p>{}</p>", esc(s(&d["description"])));
            }
            if let Some(f) = t["reading_flag"].as_str() {
                body += &format!("<p class=\"flag\">{}</p>", esc(f));
            }
            if t["payback"].as_str().and_then(ratio).is_some_and(|p| p > BigRational::from_integer(1.into())) {
                body += "<p class=\"flag\">The payback is above 100%: as printed, this table gives the player the edge.</p>";
            }
            body += &html_table(&par_sheet(w, sh, t));
            if t["model"].is_object() {
                body += "<h3>Progressive model</h3><ul>";
                for l in model_lines(&t["model"]) {
                    body += &format!("<li>{}</li>", esc(&l));
                }
                body += "</ul>";
                if let Some(a) = award_table(w, t) {
                    body += &html_table(&a);
                }
            }
            body += &return_chart(w, sh, t);
        }
        body += &published_html(w, Some(id));
        if !arr(&p["notes"]).is_empty() {
            body += "<h2 id=\"notes\">Notes on this paytable</h2>";
            for n in arr(&p["notes"]) {
                body += &format!("<p class=\"note\">{}</p>", esc(s(n)));
            }
        }
        pages.push(Page { path: page_path, title: format!("{} — {}, {title}", s(&g["title"]), s(&w["title"])), crumbs: crumbs(Some(title)), body });
    }
    pages
}

fn index_page(report: &Value, all: &[Row], pages: &[Page]) -> Page {
    let mut body = format!(
        "<h1>Hold report</h1><p>Generated by {} from {}. Every figure is computed exactly over every deal; decimals are rounded for display, exact fractions are in the PAR sheets and exports.</p>",
        esc(s(&report["generator"])),
        esc(s(&report["tables"]))
    );
    body += "<p>One row per wager, paytable and reading. <span class=\"flag\">Flags</span> mark paybacks above 100% and readings that the notes reject or that a table does not print.</p>";
    body += "<h2 id=\"contents\">Contents</h2><ul class=\"toc\">";
    for g in arr(&report["games"]) {
        body += &format!("<li><a href=\"#{}\">{}</a><ul>", esc(s(&g["game"])), esc(s(&g["title"])));
        for w in arr(&g["wagers"]) {
            let n = pages.iter().filter(|p| p.path.starts_with(&format!("{}/{}/", s(&g["game"]), s(&w["id"])))).count();
            let more = if n > 0 { format!(" <small>({n} sheet{})</small>", if n == 1 { "" } else { "s" }) } else { String::new() };
            body += &format!("<li><a href=\"{}\">{}</a>{more}</li>", esc(&rows::wager_page(g, w)), esc(s(&w["title"])));
        }
        body += "</ul></li>";
    }
    body += "</ul>";
    for g in arr(&report["games"]) {
        body += &format!("<h2 id=\"{}\">{} <small>(ch. {})</small></h2>", esc(s(&g["game"])), esc(s(&g["title"])), esc(s(&g["chapter"])));
        let mine: Vec<&Row> = all.iter().filter(|r| std::ptr::eq(r.game, g)).collect();
        if !mine.is_empty() {
            body += &summary_html(&mine, "index.html", true);
        }
        let uncomputed: Vec<String> = arr(&g["wagers"])
            .iter()
            .filter(|w| !all.iter().any(|r| std::ptr::eq(r.wager, *w)))
            .map(|w| format!("<a href=\"{}\">{}</a>", esc(&rows::wager_page(g, w)), esc(s(&w["title"]))))
            .collect();
        if !uncomputed.is_empty() {
            body += &format!("<p>Without a computed paytable: {}.</p>", uncomputed.join(", "));
        }
    }
    Page { path: "index.html".into(), title: "Hold report".into(), crumbs: vec![], body }
}

/// Every HTML page of the report, by path from the root, in reading order.
pub fn site(report: &Value) -> Vec<(String, String)> {
    let all = rows::rows(report);
    let mut pages: Vec<Page> = Vec::new();
    for g in arr(&report["games"]) {
        for w in arr(&g["wagers"]) {
            pages.extend(wager_pages(g, w, &all));
        }
    }
    let index = index_page(report, &all, &pages);
    pages.insert(0, index);
    (0..pages.len())
        .map(|i| {
            let p = &pages[i];
            let here = &p.path;
            let mut crumbs = vec![format!("<a href=\"{}\">Hold report</a>", esc(&link(here, "index.html")))];
            for (label, to) in &p.crumbs {
                crumbs.push(match to {
                    Some(t) if !t.starts_with(here.as_str()) => format!("<a href=\"{}\">{}</a>", esc(&link(here, t)), esc(label)),
                    _ => esc(label),
                });
            }
            let prev = i.checked_sub(1).map(|j| format!("<a href=\"{}\" rel=\"prev\">← {}</a>", esc(&link(here, &pages[j].path)), esc(&pages[j].title))).unwrap_or_default();
            let next = pages.get(i + 1).map(|n| format!("<a href=\"{}\" rel=\"next\">{} →</a>", esc(&link(here, &n.path)), esc(&n.title))).unwrap_or_default();
            let exports = ["summary.csv", "report.xlsx", "report.json", "report.md"].map(|f| format!("<a href=\"{}\">{f}</a>", esc(&link(here, f)))).join(" · ");
            let html = format!(
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{STYLE}</style></head>\n<body><header class=\"site\"><nav class=\"crumbs\" aria-label=\"breadcrumb\"><span>{}</span><span class=\"exports\">Exports: {exports}</span></nav><nav class=\"pager\" aria-label=\"pages\"><span>{prev}</span><span>{next}</span></nav></header>\n<main>{}</main>\n</body></html>\n",
                esc(&p.title),
                crumbs.join(" › "),
                p.body
            );
            (p.path.clone(), html)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// CSV

fn csv_cell(t: &str) -> String {
    if t.contains([',', '"', '\n']) {
        format!("\"{}\"", t.replace('"', "\"\""))
    } else {
        t.to_string()
    }
}

/// One CSV per reading and paytable: (file name suffix, contents).
pub fn csv_files(w: &Value) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for sheet in arr(&w["sheets"]) {
        for t in arr(&sheet["paytables"]) {
            if !t["error"].is_null() {
                continue;
            }
            let mut csv = String::from("outcome,hand,pays,combinations,probability,return,probability_decimal,return_decimal\n");
            for o in arr(&sheet["outcomes"]) {
                let id = s(&o["outcome"]);
                csv += &format!(
                    "{id},{},{},{},{},{},{},{}\n",
                    csv_cell(&hand(w, Some(t), id)),
                    t["pays"][id].as_str().unwrap_or("loses"),
                    s(&o["combinations"]),
                    s(&o["probability"]),
                    s(&t["returns"][id]),
                    s(&o["probability_decimal"]),
                    s(&t["returns_decimal"][id])
                );
            }
            let name = match sheet["reading"].as_str() {
                Some(r) => format!("{}-{r}", s(&t["id"])),
                None => s(&t["id"]).to_string(),
            };
            files.push((name, csv));
        }
    }
    files
}

pub const SUMMARY_HEADER: [&str; 14] = [
    "game", "wager", "paytable", "reading", "house_edge", "house_edge_percent", "payback_percent", "payback_kind", "hit_frequency_percent", "standard_deviation", "published", "status", "flags", "page",
];

/// The summary rows as text cells, in the order of [`SUMMARY_HEADER`].
pub fn summary_cells(r: &Row) -> Vec<String> {
    let opt = |v: &Option<String>| v.clone().unwrap_or_default();
    vec![
        s(&r.game["game"]).to_string(),
        s(&r.wager["id"]).to_string(),
        r.paytable.unwrap_or("").to_string(),
        r.reading.unwrap_or("").to_string(),
        opt(&r.house_edge),
        opt(&r.house_edge_percent),
        opt(&r.payback_percent),
        r.payback_label.to_string(),
        opt(&r.hit_frequency_percent),
        opt(&r.standard_deviation),
        r.published.iter().map(|p| format!("{} {}", p.1, p.0)).collect::<Vec<_>>().join("; "),
        r.published.iter().map(|p| p.2.clone()).collect::<Vec<_>>().join("; "),
        r.flags.join("; "),
        r.page.clone(),
    ]
}

/// `summary.csv`: one row per wager × paytable × reading.
pub fn summary_csv(report: &Value) -> String {
    let mut out = SUMMARY_HEADER.join(",") + "\n";
    for r in rows::rows(report) {
        out += &summary_cells(&r).iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(",");
        out += "\n";
    }
    out
}
