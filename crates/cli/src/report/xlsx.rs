//! `report.xlsx`: the comparison workbook. A `Summary` sheet (the rows of `summary.csv`), then
//! one sheet per computed wager holding each paytable × reading as a block.
//!
//! Every exact figure is a text cell ("num/den") with its decimal beside it as a number cell,
//! the double nearest the exact value, so a spreadsheet can compute and a reader can check.
//! Block layout (the test reads it back this way): a row `Paytable | <id> | Reading | <id or
//! empty>`, a header row, one row per outcome (A hand, B outcome id, C pays, D combinations,
//! E probability exact, F probability, G 1 in N, H return exact, I return), then summary rows
//! (A label, E exact, F decimal).

use num_rational::BigRational;
use num_traits::ToPrimitive;
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};
use serde_json::Value;

use super::format::{arr, ratio, s};
use super::render::{hand, summary_cells, SUMMARY_HEADER};

/// The double nearest an exact value.
pub fn nearest_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

/// A sheet name for a wager: at most 31 characters, none of `[]:*?/\`, unique in the book.
fn sheet_name(game: &str, wager: &str, taken: &mut Vec<String>) -> String {
    let initials: String = game.split('-').filter_map(|p| p.chars().next()).collect();
    let base: String = format!("{initials} {wager}").chars().filter(|c| !"[]:*?/\\".contains(*c)).take(28).collect();
    let mut name = base.clone();
    let mut n = 2;
    while taken.iter().any(|t| t.eq_ignore_ascii_case(&name)) {
        name = format!("{base} {n}");
        n += 1;
    }
    taken.push(name.clone());
    name
}

struct Styles {
    bold: Format,
    block: Format,
}

/// Writes the exact text in `col` and its nearest double in `col + 1`.
fn exact_pair(ws: &mut Worksheet, row: u32, col: u16, exact: &str) -> Result<(), XlsxError> {
    ws.write_string(row, col, exact)?;
    if let Some(r) = ratio(exact) {
        ws.write_number(row, col + 1, nearest_f64(&r))?;
    }
    Ok(())
}

fn wager_sheet(ws: &mut Worksheet, g: &Value, w: &Value, st: &Styles) -> Result<(), XlsxError> {
    ws.write_string_with_format(0, 0, format!("{} {}", s(&g["game"]), s(&w["id"])), &st.bold)?;
    ws.write_string(0, 1, format!("{}: {}", s(&g["title"]), s(&w["title"])))?;
    ws.set_column_width(0, 34)?;
    for c in 1..9 {
        ws.set_column_width(c, 16)?;
    }
    let mut row = 2u32;
    for sheet in arr(&w["sheets"]) {
        for t in arr(&sheet["paytables"]) {
            ws.write_string_with_format(row, 0, "Paytable", &st.block)?;
            ws.write_string_with_format(row, 1, s(&t["id"]), &st.block)?;
            ws.write_string_with_format(row, 2, "Reading", &st.block)?;
            ws.write_string_with_format(row, 3, sheet["reading"].as_str().unwrap_or(""), &st.block)?;
            if let Some(f) = t["reading_flag"].as_str() {
                ws.write_string(row, 4, f)?;
            }
            row += 1;
            for (c, h) in ["Hand", "Outcome", "Pays", "Combinations", "Probability (exact)", "Probability", "1 in N", "Return (exact)", "Return"].iter().enumerate() {
                ws.write_string_with_format(row, c as u16, *h, &st.bold)?;
            }
            row += 1;
            for o in arr(&sheet["outcomes"]) {
                let id = s(&o["outcome"]);
                ws.write_string(row, 0, hand(w, Some(t), id))?;
                ws.write_string(row, 1, id)?;
                ws.write_string(row, 2, t["pays"][id].as_str().unwrap_or("loses"))?;
                ws.write_string(row, 3, s(&o["combinations"]))?;
                exact_pair(ws, row, 4, s(&o["probability"]))?;
                if let Some(p) = ratio(s(&o["probability"])).filter(|p| *p != BigRational::default()) {
                    ws.write_number(row, 6, nearest_f64(&p.recip()))?;
                }
                if let Some(r) = t["returns"][id].as_str() {
                    exact_pair(ws, row, 7, r)?;
                }
                row += 1;
            }
            ws.write_string_with_format(row, 0, "Cycle", &st.bold)?;
            ws.write_string(row, 3, s(&sheet["cycle"]))?;
            row += 1;
            let mut summary = |label: &str, key: &str| -> Result<(), XlsxError> {
                if let Some(v) = t[key].as_str() {
                    ws.write_string_with_format(row, 0, label, &st.bold)?;
                    exact_pair(ws, row, 4, v)?;
                    row += 1;
                }
                Ok(())
            };
            summary("House edge", "house_edge")?;
            summary("Payback", "payback")?;
            summary("Hit frequency", "hit_frequency")?;
            summary("Variance", "variance")?;
            if let Some(sd) = t["standard_deviation"].as_str() {
                ws.write_string_with_format(row, 0, "Standard deviation", &st.bold)?;
                ws.write_number(row, 5, sd.parse::<f64>().unwrap_or(f64::NAN))?;
                row += 1;
            }
            let model = &t["model"];
            if model["error"].is_null() && model.is_object() {
                for (label, key) in [("Fixed pays' return", "fixed_return"), ("Long-run payback", "long_run"), ("Payback per meter dollar", "per_meter_dollar")] {
                    if let Some(v) = model[key].as_str() {
                        ws.write_string_with_format(row, 0, label, &st.bold)?;
                        exact_pair(ws, row, 4, v)?;
                        row += 1;
                    }
                }
            }
            if let Some(e) = t["error"].as_str().filter(|_| !model.is_object()) {
                ws.write_string(row, 0, e)?;
                row += 1;
            }
            row += 1;
        }
    }
    for stg in arr(&w["strategy"]) {
        ws.write_string_with_format(row, 0, "Strategy", &st.block)?;
        ws.write_string_with_format(row, 1, stg["paytable"].as_str().unwrap_or(""), &st.block)?;
        ws.write_string_with_format(row, 2, "Reading", &st.block)?;
        ws.write_string_with_format(row, 3, s(&stg["reading"]), &st.block)?;
        row += 1;
        for (label, key) in [
            ("House edge per Ante", "house_edge"),
            ("House edge per initial wager", "house_edge_per_initial_wager"),
            ("Average wager (Antes)", "average_wager"),
            ("Element of risk", "element_of_risk"),
        ] {
            ws.write_string_with_format(row, 0, label, &st.bold)?;
            exact_pair(ws, row, 4, s(&stg[key]))?;
            row += 1;
        }
        for a in arr(&stg["actions"]) {
            ws.write_string(row, 0, s(&a["action"]))?;
            ws.write_string(row, 3, s(&a["deals"]))?;
            row += 1;
        }
        row += 1;
    }
    Ok(())
}

/// The workbook's bytes.
pub fn workbook(report: &Value) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let styles = Styles { bold: Format::new().set_bold(), block: Format::new().set_bold().set_background_color(0xDDE6F0) };
    let summary = book.add_worksheet();
    summary.set_name("Summary")?;
    for (c, h) in SUMMARY_HEADER.iter().enumerate() {
        summary.write_string_with_format(0, c as u16, *h, &styles.bold)?;
    }
    for (i, r) in super::rows::rows(report).iter().enumerate() {
        for (c, v) in summary_cells(r).iter().enumerate() {
            // Percentages and the standard deviation as numbers, so they sort and compute; the
            // exact house edge stays text.
            match (SUMMARY_HEADER[c].ends_with("_percent") || SUMMARY_HEADER[c] == "standard_deviation", v.parse::<f64>()) {
                (true, Ok(x)) => summary.write_number(i as u32 + 1, c as u16, x)?,
                _ => summary.write_string(i as u32 + 1, c as u16, v)?,
            };
        }
    }
    let mut taken = vec!["Summary".to_string()];
    for g in arr(&report["games"]) {
        for w in arr(&g["wagers"]) {
            if arr(&w["sheets"]).iter().all(|sh| arr(&sh["paytables"]).is_empty()) && arr(&w["strategy"]).is_empty() {
                continue;
            }
            let ws = book.add_worksheet();
            ws.set_name(sheet_name(s(&g["game"]), s(&w["id"]), &mut taken))?;
            wager_sheet(ws, g, w, &styles)?;
        }
    }
    book.save_to_buffer()
}
