//! Renders the report document (see `mod.rs`) as Markdown, HTML pages with SVG charts, and CSV.

use serde_json::Value;

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], |a| a.as_slice())
}

/// HTML-escapes text.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn reading_label(sheet: &Value) -> String {
    sheet["reading"].as_str().map_or(String::new(), |r| format!(" — reading `{r}`"))
}

/// One side-by-side table per reading: outcomes down, paytables across.
fn sheet_rows(sheet: &Value) -> (Vec<String>, Vec<Vec<String>>) {
    let tables = arr(&sheet["paytables"]);
    let mut header = vec!["outcome".to_string(), "combinations".into(), "probability".into()];
    for t in tables {
        header.push(format!("{} pays", s(&t["id"])));
        header.push(format!("{} return", s(&t["id"])));
    }
    let mut rows = Vec::new();
    for o in arr(&sheet["outcomes"]) {
        let id = s(&o["outcome"]);
        let mut row = vec![id.to_string(), s(&o["combinations"]).to_string(), s(&o["probability_decimal"]).to_string()];
        for t in tables {
            row.push(t["pays"][id].as_str().unwrap_or("loses").to_string());
            row.push(t["returns_decimal"][id].as_str().unwrap_or("-").to_string());
        }
        rows.push(row);
    }
    let mut summary = |label: &str, key: &str, suffix: &str| {
        let mut row = vec![label.to_string(), String::new(), String::new()];
        for t in tables {
            row.push(String::new());
            row.push(t[key].as_str().map_or_else(|| s(&t["error"]).to_string(), |v| format!("{v}{suffix}")));
        }
        rows.push(row);
    };
    summary("house edge", "house_edge_percent", "%");
    summary("house edge (exact)", "house_edge", "");
    summary("payback", "payback_percent", "%");
    summary("hit frequency", "hit_frequency_percent", "%");
    summary("standard deviation", "standard_deviation", "");
    (header, rows)
}

/// A table: header and rows.
type Table = (Vec<String>, Vec<Vec<String>>);

/// The optimal strategy of a main game, per reading: the strategy table, the outcomes under it
/// (a PAR sheet of the main game), and summary lines.
fn strategy_parts(w: &Value) -> Vec<(String, Vec<Table>, Vec<String>)> {
    arr(&w["strategy"])
        .iter()
        .map(|st| {
            let plays: Vec<&str> = arr(&st["plays"]).iter().map(s).collect();
            let mut header = vec!["situation".to_string(), "play".into()];
            header.extend(plays.iter().map(|p| format!("{p} (net per unit)")));
            let rows = arr(&st["decisions"])
                .iter()
                .map(|d| {
                    let mut r = vec![s(&d["situation"]).to_string(), s(&d["play"]).to_string()];
                    for p in &plays {
                        let value = arr(&d["options"]).iter().find(|o| s(&o["play"]) == *p).map_or("—", |o| s(&o["expected_net_decimal"]));
                        r.push(value.to_string());
                    }
                    r
                })
                .collect();
            let mut summary = vec![format!("house edge per Ante {}% = {}", s(&st["house_edge_percent"]), s(&st["house_edge"]))];
            if s(&st["initial_wager"]) != "1" {
                summary.push(format!(
                    "house edge per initial wager ({} Antes) {}% = {}",
                    s(&st["initial_wager"]),
                    s(&st["house_edge_per_initial_wager_percent"]),
                    s(&st["house_edge_per_initial_wager"])
                ));
            }
            summary.extend([
                format!("average total wagered {} Antes", s(&st["average_wager"])),
                format!("element of risk {}% = {}", s(&st["element_of_risk_percent"]), s(&st["element_of_risk"])),
                format!("payback per total amount wagered {}%", s(&st["payback_per_total_wagered_percent"])),
            ]);
            for a in arr(&st["actions"]) {
                summary.push(format!("{}: {} deals ({}%)", s(&a["action"]), s(&a["deals"]), s(&a["frequency_percent"])));
            }
            for n in arr(&st["notes"]) {
                summary.push(format!("note: {}", s(n)));
            }
            let outcomes: Vec<Vec<String>> = arr(&st["outcomes"])
                .iter()
                .map(|o| vec![s(&o["outcome"]).to_string(), s(&o["combinations"]).to_string(), s(&o["probability_decimal"]).to_string(), s(&o["net"]).to_string()])
                .collect();
            let outcome_header = ["outcome", "combinations", "probability", "net per Ante"].map(String::from).to_vec();
            let table = st["paytable"].as_str().map_or(String::new(), |t| format!(", paytable {t}"));
            (
                format!("Optimal strategy — reading `{}`{table} (cycle {})", s(&st["reading"]), s(&st["cycle"])),
                vec![(header, rows), (outcome_header, outcomes)],
                summary,
            )
        })
        .collect()
}

fn published_lines(w: &Value) -> Vec<(String, Vec<String>)> {
    arr(&w["published"])
        .iter()
        .map(|f| {
            let table = f["paytable"].as_str().map_or("all paytables".to_string(), |t| format!("paytable {t}"));
            let head = format!("{} {} ({table}; {})", s(&f["kind"]), s(&f["printed"]), s(&f["section"]));
            let mut lines = Vec::new();
            for c in arr(&f["checks"]) {
                let reading = c["reading"].as_str().map_or(String::new(), |r| format!(" [{r}]"));
                let computed = c["computed_percent"].as_str().map_or(String::new(), |v| format!(" computed {v}% ({}),", s(&c["computed"])));
                lines.push(format!("{}{reading}: {}{computed} {}", s(&c["paytable"]), s(&c["status"]), s(&c["detail"])));
                for e in arr(&c["explanations"]) {
                    lines.push(format!("    {}", s(e)));
                }
            }
            (head, lines)
        })
        .collect()
}

pub fn markdown(report: &Value) -> String {
    let mut out = format!("# Hold report\n\nGenerated by {} from {}. Exact values are fractions; decimals are rounded for display.\n", s(&report["generator"]), s(&report["tables"]));
    for g in arr(&report["games"]) {
        out += &format!("\n## {} (ch. {})\n\nSource: {}; {}.\n", s(&g["title"]), s(&g["chapter"]), s(&g["rulemaking"]), s(&g["file"]));
        for w in arr(&g["wagers"]) {
            out += &wager_markdown(w);
        }
    }
    out
}

/// The Markdown section of one wager.
pub fn wager_markdown(w: &Value) -> String {
    let mut out = format!("\n### {} (`{}`, § {})\n\n", s(&w["title"]), s(&w["id"]), s(&w["section"]));
    if let Some(r) = w["rules"].as_str() {
        out += &format!("Rules: § {r}. Deal: {}.\n\n", s(&w["deal"]));
    }
    for r in arr(&w["readings"]) {
        out += &format!("- reading `{}`: {}\n", s(&r["id"]), s(&r["description"]));
    }
    if !w["computed"].as_bool().unwrap_or(false) {
        out += &format!("*{}.* Paytables as approved:\n\n", s(&w["reason"]));
        for p in arr(&w["paytables"]) {
            let lines: Vec<String> = arr(&p["lines"]).iter().map(|l| format!("{} {}", s(&l["outcome"]), s(&l["pays"]))).collect();
            out += &format!("- {}: {}\n", s(&p["id"]), lines.join("; "));
        }
    }
    for (title, tables, summary) in strategy_parts(w) {
        out += &format!("\n{title}\n");
        for (header, rows) in tables {
            out += &format!("\n| {} |\n|{}|\n", header.join(" | "), header.iter().map(|_| "---").collect::<Vec<_>>().join("|"));
            for row in rows {
                out += &format!("| {} |\n", row.join(" | "));
            }
        }
        out += "\n";
        for line in summary {
            out += &format!("- {line}\n");
        }
    }
    for sheet in arr(&w["sheets"]) {
        let (header, rows) = sheet_rows(sheet);
        out += &format!("\nCycle {}{}\n\n", s(&sheet["cycle"]), reading_label(sheet));
        out += &format!("| {} |\n|{}|\n", header.join(" | "), header.iter().map(|_| "---").collect::<Vec<_>>().join("|"));
        for row in rows {
            out += &format!("| {} |\n", row.join(" | "));
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
        out += &format!("\n> {}\n", s(n));
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:75rem;padding:0 1rem;color:#1a1a1a;line-height:1.4}\
table{border-collapse:collapse;margin:1rem 0;font-size:.85rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}\
th:first-child,td:first-child{text-align:left}thead th{background:#f0f3f7}tr.summary td{background:#fafafa;font-weight:600}\
.status-reproduced{color:#146c2e}.status-DIFFERS{color:#b3261e;font-weight:600}.status-not{color:#666}\
code{background:#f3f3f3;padding:0 .2rem}.note{color:#444;font-size:.85rem;border-left:3px solid #ddd;padding-left:.6rem}\
a{color:#0b57d0}h1,h2,h3{line-height:1.2}";

fn page(title: &str, body: &str, to_root: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head>\n<body><p><a href=\"{to_root}index.html\">Hold report</a></p>\n{body}\n</body></html>\n",
        esc(title)
    )
}

fn status_class(status: &str) -> &'static str {
    match status {
        "reproduced" => "status-reproduced",
        "DIFFERS" => "status-DIFFERS",
        _ => "status-not",
    }
}

pub fn index_html(report: &Value) -> String {
    let mut body = format!("<h1>Hold report</h1><p>Generated by {} from {}. Every figure is computed exactly over every deal; decimals are rounded for display.</p>", esc(s(&report["generator"])), esc(s(&report["tables"])));
    for g in arr(&report["games"]) {
        body += &format!("<h2>{} <small>(ch. {})</small></h2><table><thead><tr><th>wager</th><th>paytables</th><th>house edge</th><th>published figures</th></tr></thead><tbody>", esc(s(&g["title"])), esc(s(&g["chapter"])));
        for w in arr(&g["wagers"]) {
            let ids: Vec<&str> = arr(&w["paytables"]).iter().map(|p| s(&p["id"])).collect();
            let mut edges: Vec<String> = arr(&w["sheets"])
                .first()
                .map(|sheet| arr(&sheet["paytables"]).iter().map(|t| format!("{} {}%", s(&t["id"]), t["house_edge_percent"].as_str().unwrap_or("-"))).collect())
                .unwrap_or_default();
            // A main game: its house edge per Ante under the optimal strategy, per reading (and
            // per initial wager where that is more than the Ante).
            edges.extend(arr(&w["strategy"]).iter().map(|st| {
                let table = st["paytable"].as_str().map(|t| format!(" {t}")).unwrap_or_default();
                let initial = if s(&st["initial_wager"]) == "1" { String::new() } else { format!(", {}% per initial wager", s(&st["house_edge_per_initial_wager_percent"])) };
                format!("{}{table}: {}% per Ante{initial}", s(&st["reading"]), s(&st["house_edge_percent"]))
            }));
            let figures: Vec<String> = arr(&w["published"]).iter().map(|f| format!("{} {}", s(&f["kind"]), s(&f["printed"]))).collect();
            let checks: Vec<&str> = arr(&w["published"]).iter().flat_map(|f| arr(&f["checks"]).iter().map(|c| s(&c["status"]))).collect();
            let statuses: Vec<String> = ["reproduced", "DIFFERS", "not computed", "implies term"]
                .iter()
                .filter_map(|st| {
                    let n = checks.iter().filter(|c| *c == st).count();
                    (n > 0).then(|| format!("<span class=\"{}\">{n} {}</span>", status_class(st), esc(&st.to_lowercase())))
                })
                .collect();
            body += &format!(
                "<tr><td><a href=\"{}/{}.html\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(s(&g["game"])),
                esc(s(&w["id"])),
                esc(s(&w["title"])),
                esc(&ids.join(", ")),
                if w["computed"].as_bool() == Some(true) { esc(&edges.join("; ")) } else { format!("not yet computed: {}", esc(w["reason"].as_str().unwrap_or_default())) },
                if figures.is_empty() { String::new() } else { format!("{}: {}", esc(&figures.join(", ")), statuses.join(", ")) }
            );
        }
        body += "</tbody></table>";
    }
    page("Hold report", &body, "")
}

/// A horizontal bar chart: each paytable's computed house edge (per reading), with the published
/// figure (payback shown as 100% − payback) as a marker or a shaded range.
fn chart_svg(w: &Value) -> String {
    let mut bars: Vec<(String, f64)> = Vec::new();
    for sheet in arr(&w["sheets"]) {
        for t in arr(&sheet["paytables"]) {
            if let Some(v) = t["house_edge_percent"].as_str().and_then(|v| v.parse::<f64>().ok()) {
                let label = match sheet["reading"].as_str() {
                    Some(r) => format!("{} ({r})", s(&t["id"])),
                    None => s(&t["id"]).to_string(),
                };
                bars.push((label, v));
            }
        }
    }
    if bars.is_empty() {
        return String::new();
    }
    // Published figures as house-edge percentages: (paytable or None, low, high).
    let mut marks: Vec<(Option<String>, f64, f64)> = Vec::new();
    for f in arr(&w["published"]) {
        let house = s(&f["kind"]) == "hold" || s(&f["kind"]) == "house-edge";
        let conv = |t: &str| t.trim_end_matches('%').parse::<f64>().ok().map(|v| if house { v } else { 100.0 - v });
        let printed = s(&f["printed"]);
        let (lo, hi) = match printed.split_once(" to ") {
            Some((a, b)) => (conv(a), conv(b)),
            None => (conv(printed), conv(printed)),
        };
        if let (Some(lo), Some(hi)) = (lo, hi) {
            marks.push((f["paytable"].as_str().map(str::to_string), lo.min(hi), lo.max(hi)));
        }
    }
    let values = bars.iter().map(|b| b.1).chain(marks.iter().flat_map(|m| [m.1, m.2]));
    let (mut min, mut max) = values.fold((0f64, 0f64), |(a, b), v| (a.min(v), b.max(v)));
    max = (max * 1.1).max(1.0);
    min = if min < 0.0 { min * 1.1 } else { 0.0 };
    let (left, width, row) = (240.0, 520.0, 22.0);
    let height = 40.0 + row * bars.len() as f64;
    let x = |v: f64| left + (v - min) / (max - min) * width;
    let mut svg = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" role=\"img\" aria-label=\"house edge by paytable\" font-family=\"system-ui,sans-serif\" font-size=\"12\">", left + width + 80.0);
    for (i, (label, v)) in bars.iter().enumerate() {
        let y = 10.0 + row * i as f64;
        svg += &format!("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>", left - 6.0, y + 14.0, esc(label));
        let (a, b) = (x(0f64.max(min)).min(x(*v)), x(0f64.max(min)).max(x(*v)));
        svg += &format!("<rect x=\"{a:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"16\" fill=\"#5b8def\"/>", y + 2.0, (b - a).max(1.0));
        svg += &format!("<text x=\"{:.1}\" y=\"{}\">{v:.3}%</text>", b + 4.0, y + 14.0);
        let id = label.split(' ').next().unwrap_or("");
        for (t, lo, hi) in &marks {
            if t.as_deref().is_none_or(|t| t == id) {
                if (hi - lo).abs() < 1e-12 {
                    svg += &format!("<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{1:.1}\" y2=\"{2:.1}\" stroke=\"#b3261e\" stroke-width=\"3\"/>", x(*lo), y, y + 20.0);
                } else {
                    svg += &format!("<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"20\" fill=\"#b3261e\" fill-opacity=\"0.18\"/>", x(*lo), y, x(*hi) - x(*lo));
                }
            }
        }
    }
    let axis_y = 14.0 + row * bars.len() as f64;
    svg += &format!("<line x1=\"{left}\" x2=\"{}\" y1=\"{axis_y}\" y2=\"{axis_y}\" stroke=\"#888\"/>", left + width);
    svg += &format!("<text x=\"{left}\" y=\"{}\">{min:.1}%</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{max:.1}% house edge</text>", axis_y + 16.0, left + width, axis_y + 16.0);
    svg + "</svg><p class=\"note\">Blue: computed house edge. Red line or band: the regulator's published figure or range (a payback p is drawn at 100% − p).</p>"
}

fn html_table(header: &[String], rows: &[Vec<String>], summary_from: usize) -> String {
    let mut t = String::from("<table><thead><tr>");
    for h in header {
        t += &format!("<th>{}</th>", esc(h));
    }
    t += "</tr></thead><tbody>";
    for (i, row) in rows.iter().enumerate() {
        t += if i >= summary_from { "<tr class=\"summary\">" } else { "<tr>" };
        for c in row {
            t += &format!("<td>{}</td>", esc(c));
        }
        t += "</tr>";
    }
    t + "</tbody></table>"
}

pub fn wager_html(g: &Value, w: &Value) -> String {
    let mut body = format!("<h1>{}: {}</h1><p>§ {} · wager id <code>{}</code></p>", esc(s(&g["title"])), esc(s(&w["title"])), esc(s(&w["section"])), esc(s(&w["id"])));
    if let Some(r) = w["rules"].as_str() {
        body += &format!("<p>Rules: § {}. Deal: {}.</p>", esc(r), esc(s(&w["deal"])));
    }
    if !arr(&w["readings"]).is_empty() {
        body += "<p>The regulation leaves this open, so each reading is computed:</p><ul>";
        for r in arr(&w["readings"]) {
            body += &format!("<li><code>{}</code>: {}</li>", esc(s(&r["id"])), esc(s(&r["description"])));
        }
        body += "</ul>";
    }
    body += &chart_svg(w);
    if !w["computed"].as_bool().unwrap_or(false) {
        body += &format!("<p><em>{}.</em> The approved paytables:</p><ul>", esc(s(&w["reason"])));
        for p in arr(&w["paytables"]) {
            let lines: Vec<String> = arr(&p["lines"]).iter().map(|l| format!("{} {}", s(&l["outcome"]), s(&l["pays"]))).collect();
            body += &format!("<li>{}: {}</li>", esc(s(&p["id"])), esc(&lines.join("; ")));
        }
        body += "</ul>";
    }
    for (title, tables, summary) in strategy_parts(w) {
        body += &format!("<h2>{}</h2>", esc(&title.replace('`', "")));
        for (header, rows) in tables {
            body += &html_table(&header, &rows, rows.len());
        }
        body += "<ul>";
        for line in summary {
            body += &format!("<li>{}</li>", esc(&line));
        }
        body += "</ul>";
    }
    for sheet in arr(&w["sheets"]) {
        let (header, rows) = sheet_rows(sheet);
        let summary_from = rows.len() - 5;
        body += &format!("<h2>Cycle {}{}</h2>", esc(s(&sheet["cycle"])), esc(&reading_label(sheet).replace('`', "")));
        body += &html_table(&header, &rows, summary_from);
    }
    let published = published_lines(w);
    if !published.is_empty() {
        body += "<h2>Published figures</h2><ul>";
        for (f, (head, _)) in arr(&w["published"]).iter().zip(&published) {
            body += &format!("<li>{}<ul>", esc(head));
            for c in arr(&f["checks"]) {
                let reading = c["reading"].as_str().map_or(String::new(), |r| format!(" [{r}]"));
                let computed = c["computed_percent"].as_str().map_or(String::new(), |v| format!(" computed {v}%"));
                body += &format!("<li>{}{}: <span class=\"{}\">{}</span>{} — {}", esc(s(&c["paytable"])), esc(&reading), status_class(s(&c["status"])), esc(s(&c["status"])), esc(&computed), esc(s(&c["detail"])));
                if !arr(&c["explanations"]).is_empty() {
                    body += "<ul>";
                    for e in arr(&c["explanations"]) {
                        body += &format!("<li>{}</li>", esc(s(e)));
                    }
                    body += "</ul>";
                }
                body += "</li>";
            }
            body += &format!("</ul><p class=\"note\">“{}”</p></li>", esc(s(&f["quote"])));
        }
        body += "</ul>";
    }
    for n in arr(&w["notes"]) {
        body += &format!("<p class=\"note\">{}</p>", esc(s(n)));
    }
    for p in arr(&w["paytables"]) {
        for n in arr(&p["notes"]) {
            body += &format!("<p class=\"note\">Paytable {}: {}</p>", esc(s(&p["id"])), esc(s(n)));
        }
    }
    page(&format!("{} {}", s(&g["title"]), s(&w["title"])), &body, "../")
}

/// One CSV per reading and paytable: (file name suffix, contents).
pub fn csv_files(w: &Value) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for sheet in arr(&w["sheets"]) {
        for t in arr(&sheet["paytables"]) {
            if !t["error"].is_null() {
                continue;
            }
            let mut csv = String::from("outcome,pays,combinations,probability,return,probability_decimal,return_decimal\n");
            for o in arr(&sheet["outcomes"]) {
                let id = s(&o["outcome"]);
                csv += &format!(
                    "{id},{},{},{},{},{},{}\n",
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
