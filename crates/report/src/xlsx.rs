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
use num_traits::{ToPrimitive, Zero};
use parsheet_app::report::{GameSection, Report, WagerSection};
use parsheet_app::{Basis, Exact};
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use crate::render::{hand, summary_cells, SUMMARY_HEADER};

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
fn exact_pair(ws: &mut Worksheet, row: u32, col: u16, exact: &BigRational) -> Result<(), XlsxError> {
    ws.write_string(row, col, parsheet_paytable::fraction(exact))?;
    ws.write_number(row, col + 1, nearest_f64(exact))?;
    Ok(())
}

fn wager_sheet(ws: &mut Worksheet, g: &GameSection, w: &WagerSection, st: &Styles) -> Result<(), XlsxError> {
    ws.write_string_with_format(0, 0, format!("{} {}", g.game, w.id), &st.bold)?;
    ws.write_string(0, 1, format!("{}: {}", g.title, w.title))?;
    ws.set_column_width(0, 34)?;
    for c in 1..9 {
        ws.set_column_width(c, 16)?;
    }
    let mut row = 2u32;
    for sheet in &w.sheets {
        for t in &sheet.paytables {
            ws.write_string_with_format(row, 0, "Paytable", &st.block)?;
            ws.write_string_with_format(row, 1, &t.id, &st.block)?;
            ws.write_string_with_format(row, 2, "Reading", &st.block)?;
            ws.write_string_with_format(row, 3, sheet.reading.as_deref().unwrap_or(""), &st.block)?;
            if let Some(f) = &t.reading_flag {
                ws.write_string(row, 4, f)?;
            }
            row += 1;
            for (c, h) in ["Hand", "Outcome", "Pays", "Combinations", "Probability (exact)", "Probability", "1 in N", "Return (exact)", "Return"].iter().enumerate() {
                ws.write_string_with_format(row, c as u16, *h, &st.bold)?;
            }
            row += 1;
            let a = t.analysis.as_ref();
            for o in &sheet.outcomes {
                let id = o.outcome.as_str();
                let line = a.and_then(|a| a.outcomes.iter().find(|l| l.outcome == id));
                ws.write_string(row, 0, hand(w, Some(t), id))?;
                ws.write_string(row, 1, id)?;
                ws.write_string(row, 2, line.map_or("loses", |l| l.pays.as_str()))?;
                ws.write_string(row, 3, o.combinations.0.to_string())?;
                exact_pair(ws, row, 4, o.probability.value())?;
                if !o.probability.value().is_zero() {
                    ws.write_number(row, 6, nearest_f64(&o.probability.value().recip()))?;
                }
                if let Some(l) = line.filter(|_| a.is_some_and(|a| a.progressive.is_none())) {
                    exact_pair(ws, row, 7, l.contribution.value())?;
                }
                row += 1;
            }
            ws.write_string_with_format(row, 0, "Cycle", &st.bold)?;
            ws.write_string(row, 3, sheet.cycle.0.to_string())?;
            row += 1;
            let mut summary = |label: &str, v: Option<&Exact>| -> Result<(), XlsxError> {
                if let Some(v) = v {
                    ws.write_string_with_format(row, 0, label, &st.bold)?;
                    exact_pair(ws, row, 4, v.value())?;
                    row += 1;
                }
                Ok(())
            };
            if let Some(a) = a {
                summary("House edge", a.figures.house_edge.as_ref())?;
                summary(if a.progressive.is_some() { "Long-run payback" } else { "Payback" }, a.figures.payback.as_ref())?;
                summary("Hit frequency", a.hit_frequency.as_ref())?;
                summary("Variance", a.variance.as_ref())?;
                if let Some(m) = &a.progressive {
                    summary("Fixed pays' return", Some(&m.fixed_return))?;
                    summary("Payback per meter dollar", Some(&m.per_meter_dollar))?;
                }
                if let Some(sd) = &a.standard_deviation {
                    ws.write_string_with_format(row, 0, "Standard deviation", &st.bold)?;
                    ws.write_number(row, 5, sd.parse::<f64>().unwrap_or(f64::NAN))?;
                    row += 1;
                }
            }
            if let Some(e) = &t.error {
                ws.write_string(row, 0, e)?;
                row += 1;
            }
            row += 1;
        }
    }
    for stg in &w.strategy {
        let a = &stg.analysis;
        ws.write_string_with_format(row, 0, "Strategy", &st.block)?;
        ws.write_string_with_format(row, 1, a.paytable.as_deref().unwrap_or(""), &st.block)?;
        ws.write_string_with_format(row, 2, "Reading", &st.block)?;
        ws.write_string_with_format(row, 3, &a.reading, &st.block)?;
        row += 1;
        let edge = |b: Basis| a.figures.get(b).and_then(|f| f.house_edge.clone());
        for (label, v) in [
            ("House edge per Ante", edge(Basis::PerAnte)),
            ("House edge per initial wager", edge(Basis::PerInitialWager)),
            ("Average wager (Antes)", Some(a.average_wager.clone())),
            ("Element of risk", edge(Basis::PerTotalWagered)),
            ("Hit frequency", Some(a.hit_frequency.clone())),
            ("Variance per Ante", Some(a.variance_per_ante.clone())),
        ] {
            if let Some(v) = v {
                ws.write_string_with_format(row, 0, label, &st.bold)?;
                exact_pair(ws, row, 4, v.value())?;
                row += 1;
            }
        }
        for x in &a.actions {
            ws.write_string(row, 0, &x.action)?;
            ws.write_string(row, 3, x.deals.0.to_string())?;
            row += 1;
        }
        row += 1;
    }
    Ok(())
}

/// The workbook's bytes.
pub fn workbook(report: &Report) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let styles = Styles { bold: Format::new().set_bold(), block: Format::new().set_bold().set_background_color(0xDDE6F0) };
    let summary = book.add_worksheet();
    summary.set_name("Summary")?;
    for (c, h) in SUMMARY_HEADER.iter().enumerate() {
        summary.write_string_with_format(0, c as u16, *h, &styles.bold)?;
    }
    for (i, r) in crate::rows::rows(report).iter().enumerate() {
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
    for g in &report.games {
        for w in &g.wagers {
            if w.sheets.iter().all(|sh| sh.paytables.is_empty()) && w.strategy.is_empty() {
                continue;
            }
            let ws = book.add_worksheet();
            ws.set_name(sheet_name(&g.game, &w.id, &mut taken))?;
            wager_sheet(ws, g, w, &styles)?;
        }
    }
    book.save_to_buffer()
}
