//! The views of parsheet's records. Every figure here was computed in `parsheet-app`; a view
//! only renders: it chooses the places a decimal is rounded to, the words around it and the
//! format (a terminal table, CSV, Markdown, the HTML report, the workbook). So a figure reads
//! the same in every view, and a view cannot drift from another by computing its own.
//!
//! - [`terminal`]: what each command prints as a table, CSV or Markdown (JSON is the record).
//! - [`render`], [`rows`], [`chart`], [`style`], [`xlsx`]: the hold report, from one
//!   `parsheet_app::report::Report`: the HTML site, `report.md`, the CSV files, the workbook.
//! - [`house_ways`]: Face Up Pai Gow's house ways and the range over every way, as the wager
//!   page's tables, `house-ways.csv` and the workbook's `House ways` sheet.
//! - [`strategy_page`]: the strategy a player can follow (rules with their replayed edges, the
//!   complete strategy as CSV), in the terminal, Markdown and the report's strategy pages.
//! - [`format`]: the one place exact numbers become display decimals.

pub mod chart;
pub mod format;
pub mod house_ways;
pub mod render;
pub mod rows;
pub mod strategy_page;
pub mod style;
pub mod terminal;
pub mod xlsx;

use std::path::{Path, PathBuf};

use parsheet_app::report::Report;

/// The workbook's thread's stack: the main thread's size, so no view renders on less.
const RENDER_STACK: usize = 8 << 20;

/// Where a rendered file lies, which decides what it may link to or name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In the report's directory, beside its pages and CSV files: it links to them.
    InReport,
    /// Alone (the designer's downloads, with nothing beside them): it links to nothing outside
    /// itself; the workbook only to its own sheets.
    Alone,
}

/// Every file of the report, by path relative to the output directory.
///
/// The workbook and the JSON are rendered on a thread of their own beside the HTML pages (about
/// half the work each; the Markdown and the CSV files follow): the report's last step otherwise
/// ran on one core.
pub fn files(report: &Report) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let (side, pages) = std::thread::scope(|scope| {
        let side = std::thread::Builder::new().name("report workbook".into()).stack_size(RENDER_STACK).spawn_scoped(scope, || -> Result<(Vec<u8>, String), String> {
            let workbook = xlsx::workbook(report, &report.provenance.rows(), xlsx::Place::InReport).map_err(|e| format!("cannot build report.xlsx: {e}"))?;
            let json = serde_json::to_string_pretty(report).map_err(|e| format!("cannot write report.json: {e}"))?;
            Ok((workbook, json))
        });
        let pages = render::site(report);
        let side = match side {
            Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(e) => Err(format!("cannot start a thread for the workbook: {e}")),
        };
        (side, pages)
    });
    let (workbook, json) = side?;
    let mut files = vec![
        (PathBuf::from("report.json"), (json + "\n").into_bytes()),
        (PathBuf::from("report.md"), render::markdown(report).into_bytes()),
        (PathBuf::from("summary.csv"), render::summary_csv(report).into_bytes()),
        (PathBuf::from("provenance.csv"), render::provenance_csv(&report.provenance).into_bytes()),
        (PathBuf::from("report.xlsx"), workbook),
    ];
    if let Some(csv) = house_ways::csv(report) {
        files.push((PathBuf::from(render::HOUSE_WAYS_CSV), csv.into_bytes()));
    }
    for (path, html) in pages {
        files.push((PathBuf::from(path), html.into_bytes()));
    }
    for g in &report.games {
        for w in &g.wagers {
            for (name, csv) in render::csv_files(w) {
                files.push((Path::new("csv").join(format!("{}-{}-{name}.csv", g.game, w.id)), csv.into_bytes()));
            }
        }
    }
    Ok(files)
}
