//! `report.xlsx`: the workbook a test lab works in. It renders the report's records, as every
//! view does, into cells a spreadsheet can sort, filter and compute with.
//!
//! - `Summary`: the summary rows (`rows::rows`, as `summary.csv` and the index), one per
//!   published figure and status where a row has more than one (so a status cell holds one
//!   status id), each with a link to its sheet and to its HTML page.
//! - One sheet per paytable of a side bet, named `<game> <wager> <paytable>` in words: its
//!   figures under every reading, the assumptions, the published figures with their checks
//!   (status, deviation, explanations) and the outcomes of every reading.
//! - One sheet per solved main game (per reading, and per paytable where the strategy plays
//!   one): its figures on every basis, the assumptions, the published figures, the outcomes,
//!   and the strategy (every decision with the value of every play).
//! - `House ways` (Face Up Pai Gow's main game, after its sheets): every built-in house way
//!   under both policies and the range over every house way that sets hands alike by ranks,
//!   joker and flush ranks (`house_ways::lines`, the rows of `house-ways.csv`), the default way
//!   against the dealer-best way by hand shape, and the way edits nearest the published figure.
//! - `Provenance`: (field, value) rows after the Summary, where the caller passes them.
//!
//! Cells are typed by what they hold, one unit for each kind everywhere:
//! - a count (combinations, deals, the cycle) is a number cell, the double nearest it (exact
//!   below 2^53; Excel shows 15 significant digits), so a column of counts sums; its exact
//!   digits are text in the column `<name> (exact)` beside it, so nothing is lost at 10^15
//!   and above;
//! - a published figure is a number cell (the printed percentage, in a percent format with the
//!   printed places; a range's high end in the next column) beside the text as printed, and
//!   the status of its check is the record's status id alone in its own column;
//! - a fraction of a wager (a probability, house edge, payback, hit frequency, return, a
//!   deviation) is a number cell holding the double nearest the exact value with a percent
//!   format (`0.0000%`; probabilities and per-outcome returns with more places, so a rare hand
//!   is not 0.0000%), and the exact fraction is text in the next column;
//! - an amount in units of a wager (a net result, a variance, an expected net, a wager size)
//!   is a number with six places, the exact fraction beside it.
//!
//! Every table is an Excel table (its own header, filter buttons and banded rows); each sheet
//! keeps its title and links frozen at the top (the Summary its header row), and its columns
//! are as wide as their contents, within bounds. Every sheet prints in landscape, one page
//! wide, its frozen rows repeated at the top of each page. In the report ([`Place::InReport`])
//! links to pages are relative to the workbook (`<game>/<wager>/<paytable>.html`), as the pages
//! lie beside it in the report directory; a workbook that lies alone ([`Place::Alone`], the
//! designer's download) links only to its own sheets.
//! Text is written as text (`write_string`), never as a formula; and text that a spreadsheet
//! would take for one when the cell is edited or the sheet saved as CSV (it begins with `=`,
//! `+`, `-`, `@`, a tab or a carriage return and is not a number: `format::formula_like`, the
//! CSV files' rule) is written as it is in a cell with the quote prefix (Excel's and
//! LibreOffice's "this is text" mark, not shown), never with a visible `'`; a text over
//! Excel's 32,767 characters is cut, saying so.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::ToPrimitive;
use parsheet_app::house_ways::HouseWaysAnalysis;
use parsheet_app::main_game::StrategyRecord;
use parsheet_app::report::{CheckExplained, GameSection, Report, Sheet as ReadingSheet, SheetTable, WagerSection};
use parsheet_app::{Basis, Exact, Source};
use rust_xlsxwriter::{Color, Format, FormatAlign, Table, TableColumn, Url, Workbook, Worksheet, XlsxError};

use crate::format::formula_like;
pub use crate::Place;
use crate::render::hand;
use crate::rows::{sheet_page, strategy_page, wager_page};

/// The double nearest an exact value.
pub fn nearest_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

/// The number format of a figure that is a fraction of a wager.
pub const PERCENT: &str = "0.0000%";
/// The number format of a probability or an outcome's share of the return.
pub const FINE_PERCENT: &str = "0.00000000%";
/// The number format of an amount in units of a wager.
pub const DECIMAL: &str = "0.000000";
/// The number format of a count.
pub const COUNT: &str = "#,##0";

/// Excel's limit on a sheet name, in UTF-16 units.
const NAME_LIMIT: usize = 31;

/// The workbook's bytes, with a `Provenance` sheet of `provenance`'s (key, value) rows after
/// the Summary where there are any, linking only to what lies beside it at `place` (alone: to
/// its own sheets).
pub fn workbook(report: &Report, provenance: &[(String, String)], place: Place) -> Result<Vec<u8>, XlsxError> {
    let f = Formats::new();
    let plan = plan(report);
    let mut book = Workbook::new();
    // The file's own creation date is the run's (`SOURCE_DATE_EPOCH` where set), not the clock's:
    // two runs of the same computation give the same bytes.
    if let Some((_, date)) = provenance.iter().find(|(k, _)| k == "date") {
        if let Ok(when) = rust_xlsxwriter::ExcelDateTime::parse_from_str(date) {
            book.set_properties(&rust_xlsxwriter::DocProperties::new().set_creation_datetime(&when));
        }
    }
    book.push_worksheet(summary_sheet(report, &plan, &f, place)?);
    if !provenance.is_empty() {
        book.push_worksheet(provenance_sheet(provenance, &f, place)?);
    }
    for (i, p) in plan.iter().enumerate() {
        let mut s = SheetWriter::new(&p.name, i + 1, place)?;
        match p.kind {
            Kind::Main(st) => main_sheet(&mut s, p.game, p.wager, st, &f)?,
            Kind::Paytable(id) => paytable_sheet(&mut s, p.game, p.wager, id, &f)?,
            Kind::HouseWays(h) => house_ways_sheet(&mut s, p.game, p.wager, h, &f)?,
        }
        book.push_worksheet(s.finish()?);
    }
    book.save_to_buffer()
}

/// The provenance of the report as a sheet of (field, value) rows, as `provenance.csv` has
/// them (the provenance record's `rows()`); the caller passes them, so this view needs nothing
/// of the record's shape.
fn provenance_sheet(rows: &[(String, String)], f: &Formats, place: Place) -> Result<Worksheet, XlsxError> {
    let mut s = SheetWriter::new("Provenance", 0, place)?;
    s.heading("Provenance of the report", f)?;
    s.links(&[Cell::Sheet("Summary".into(), "Summary".into())], f)?;
    s.freeze()?;
    let body = rows.iter().map(|(k, v)| vec![Cell::Text(k.clone()), Cell::Text(v.clone())]).collect();
    s.table("Provenance", None, &["Field", "Value"], body, f)?;
    s.finish()
}

// ---------------------------------------------------------------------------------------------
// Cells and formats.

/// The formats of the workbook, made once.
struct Formats {
    title: Format,
    caption: Format,
    percent: Format,
    fine_percent: Format,
    decimal: Format,
    count: Format,
    /// A count's exact digits: text, right-aligned.
    count_text: Format,
    one_in: Format,
    link: Format,
}

/// `base` with the quote prefix where `guard` says (a text a spreadsheet would take for a
/// formula): the cell shows its text as it is and is never read as a formula, even when edited.
fn guarded(base: &Format, guard: bool) -> Format {
    if guard {
        base.clone().set_quote_prefix()
    } else {
        base.clone()
    }
}

/// The number format of a published percentage with `places` decimals, as printed: `0.00%`.
pub fn printed_format(places: usize) -> String {
    if places == 0 {
        "0%".into()
    } else {
        format!("0.{}%", "0".repeat(places))
    }
}

impl Formats {
    fn new() -> Formats {
        Formats {
            title: Format::new().set_bold().set_font_size(14),
            caption: Format::new().set_bold(),
            percent: Format::new().set_num_format(PERCENT),
            fine_percent: Format::new().set_num_format(FINE_PERCENT),
            decimal: Format::new().set_num_format(DECIMAL),
            count: Format::new().set_num_format(COUNT),
            count_text: Format::new().set_align(FormatAlign::Right),
            one_in: Format::new().set_num_format("#,##0.0"),
            link: Format::new().set_font_color(Color::Blue).set_underline(rust_xlsxwriter::FormatUnderline::Single),
        }
    }
}

/// What a cell holds; the writer picks its type and format.
enum Cell {
    Empty,
    Text(String),
    /// A count: a number cell, the double nearest it (exact below 2^53; Excel shows 15
    /// significant digits), its exact digits in the `(exact)` column beside ([`Cell::CountExact`]).
    Count(u128),
    /// A count's exact digits, as text.
    CountExact(u128),
    /// A published percentage as a number (the double nearest the printed value) in a percent
    /// format with the printed places; the text as printed beside it.
    Printed(BigRational, usize),
    /// A fraction of a wager: a figure (`0.0000%`).
    Percent(BigRational),
    /// A probability or an outcome's share (more places).
    FinePercent(BigRational),
    /// An amount in units of a wager.
    Decimal(BigRational),
    /// A display value already rounded by the record (a standard deviation).
    Float(f64),
    /// An exact value as text (`p/q`).
    Exact(BigRational),
    /// One in this many.
    OneIn(BigRational),
    /// A relative link to a page of the report: (path, text).
    Page(String, String),
    /// A link to a sheet of the workbook: (sheet, text).
    Sheet(String, String),
}

fn text(t: impl Into<String>) -> Cell {
    Cell::Text(t.into())
}

fn opt_text(t: Option<&str>) -> Cell {
    t.map_or(Cell::Empty, text)
}

fn exact(e: &Exact) -> Cell {
    Cell::Exact(e.value().clone())
}

/// A fraction as a percent cell and its exact text.
fn percent_pair(e: Option<&Exact>) -> [Cell; 2] {
    match e {
        Some(e) => [Cell::Percent(e.value().clone()), exact(e)],
        None => [Cell::Empty, Cell::Empty],
    }
}

fn fine_pair(e: &Exact) -> [Cell; 2] {
    [Cell::FinePercent(e.value().clone()), exact(e)]
}

fn decimal_pair(e: &Exact) -> [Cell; 2] {
    [Cell::Decimal(e.value().clone()), exact(e)]
}

/// A count as a number cell and its exact digits.
fn count_pair(n: u128) -> [Cell; 2] {
    [Cell::Count(n), Cell::CountExact(n)]
}

/// A percentage as printed ("98.95%"): its value as a fraction and its decimal places.
fn printed_percent(t: &str) -> Option<(BigRational, usize)> {
    let number = t.trim().strip_suffix('%')?;
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if int.is_empty() || !digits(int) || !digits(frac) || number.len() > 30 {
        return None;
    }
    let scaled: num_bigint::BigInt = format!("{int}{frac}").parse().ok()?;
    Some((BigRational::new(scaled, num_bigint::BigInt::from(10u32).pow(frac.len() as u32 + 2)), frac.len()))
}

/// A published figure as printed ("98.95%", "5.3% to 11.1%") as two number cells: the figure
/// (a range's low end) and a range's high end; empty where the text is no percentage.
fn printed_pair(t: &str) -> [Cell; 2] {
    let cell = |p: Option<(BigRational, usize)>| p.map_or(Cell::Empty, |(v, places)| Cell::Printed(v, places));
    match t.split_once(" to ") {
        Some((lo, hi)) => [cell(printed_percent(lo)), cell(printed_percent(hi))],
        None => [cell(printed_percent(t)), Cell::Empty],
    }
}

/// Excel's limit on the text of a cell, in UTF-16 units.
const TEXT_LIMIT: usize = 32_767;

/// Text as a cell holds it, cut to Excel's limit where longer (a tables file may hold a note of
/// any length; the whole text stays in `report.json`), rather than failing the whole workbook;
/// and whether the cell needs the quote prefix ([`formula_like`]: the text is kept as it is, with
/// no visible `'`, and the cell's format keeps a spreadsheet from running it).
fn cell_text(t: &str) -> (std::borrow::Cow<'_, str>, bool) {
    let guard = formula_like(t);
    if width_of(t) <= TEXT_LIMIT {
        return (t.into(), guard);
    }
    let tail = format!(" … (cut: {} characters; the whole text is in report.json)", t.chars().count());
    (format!("{}{tail}", truncate(t, TEXT_LIMIT - width_of(&tail))).into(), guard)
}

/// A sheet being written: the next free row, and the widest content of each column.
struct SheetWriter {
    ws: Worksheet,
    row: u32,
    widths: Vec<usize>,
    /// The sheet's number, for the names of its tables.
    index: usize,
    /// The rows kept in view (and repeated on every printed page).
    frozen: u32,
    /// Where the workbook lies: alone, it writes no link to a page.
    place: Place,
}

/// The width of `t` in characters (UTF-16 units, as Excel counts).
fn width_of(t: &str) -> usize {
    t.encode_utf16().count()
}

impl SheetWriter {
    fn new(name: &str, index: usize, place: Place) -> Result<SheetWriter, XlsxError> {
        let mut ws = Worksheet::new();
        ws.set_name(name)?;
        Ok(SheetWriter { ws, row: 0, widths: Vec::new(), index, frozen: 0, place })
    }

    fn widen(&mut self, col: u16, w: usize) {
        let c = col as usize;
        if self.widths.len() <= c {
            self.widths.resize(c + 1, 0);
        }
        self.widths[c] = self.widths[c].max(w);
    }

    fn put(&mut self, row: u32, col: u16, cell: &Cell, f: &Formats) -> Result<(), XlsxError> {
        let w = match cell {
            Cell::Empty => 0,
            Cell::Text(t) => {
                let (t, guard) = cell_text(t);
                self.text(row, col, &t, guard, None)?;
                width_of(&t)
            }
            Cell::Count(n) => {
                // `as` rounds to the nearest double.
                self.ws.write_number_with_format(row, col, *n as f64, &f.count)?;
                n.to_string().len() * 4 / 3 + 1
            }
            Cell::CountExact(n) => {
                let t = n.to_string();
                self.ws.write_string_with_format(row, col, &t, &f.count_text)?;
                t.len()
            }
            Cell::Printed(r, places) => {
                self.ws.write_number_with_format(row, col, nearest_f64(r), &Format::new().set_num_format(printed_format(*places)))?;
                places + 6
            }
            Cell::Percent(r) => {
                self.ws.write_number_with_format(row, col, nearest_f64(r), &f.percent)?;
                12
            }
            Cell::FinePercent(r) => {
                self.ws.write_number_with_format(row, col, nearest_f64(r), &f.fine_percent)?;
                14
            }
            Cell::Decimal(r) => {
                let x = nearest_f64(r);
                self.ws.write_number_with_format(row, col, x, &f.decimal)?;
                format!("{x:.6}").len() + 1
            }
            Cell::Float(x) => {
                self.ws.write_number_with_format(row, col, *x, &f.decimal)?;
                format!("{x:.6}").len() + 1
            }
            Cell::Exact(r) => {
                let t = parsheet_paytable::fraction(r);
                self.ws.write_string(row, col, &t)?;
                t.len()
            }
            Cell::OneIn(r) => {
                let x = nearest_f64(r);
                self.ws.write_number_with_format(row, col, x, &f.one_in)?;
                format!("{x:.1}").len() * 4 / 3 + 1
            }
            Cell::Page(path, _) if self.place == Place::Alone => {
                return Err(XlsxError::ParameterError(format!("a link to the page {path} in a workbook that lies alone")));
            }
            Cell::Page(path, t) => {
                let (t, guard) = cell_text(t);
                self.ws.write_url_with_format(row, col, Url::new(format!("file:///{path}")).set_text(&*t), &guarded(&f.link, guard))?;
                width_of(&t)
            }
            Cell::Sheet(name, t) => {
                let (t, guard) = cell_text(t);
                self.ws.write_url_with_format(row, col, Url::new(format!("internal:'{}'!A1", name.replace('\'', "''"))).set_text(&*t), &guarded(&f.link, guard))?;
                width_of(&t)
            }
        };
        self.widen(col, w);
        Ok(())
    }

    /// A text cell (already cut by [`cell_text`]), in `format` where given, with the quote
    /// prefix where `guard` says.
    fn text(&mut self, row: u32, col: u16, t: &str, guard: bool, format: Option<&Format>) -> Result<(), XlsxError> {
        match (format, guard) {
            (None, false) => self.ws.write_string(row, col, t)?,
            (format, guard) => self.ws.write_string_with_format(row, col, t, &guarded(format.unwrap_or(&Format::new()), guard))?,
        };
        Ok(())
    }

    /// The sheet's title, in the first row.
    fn heading(&mut self, t: &str, f: &Formats) -> Result<(), XlsxError> {
        let (t, guard) = cell_text(t);
        self.text(self.row, 0, &t, guard, Some(&f.title))?;
        self.ws.set_row_height(self.row, 20)?;
        self.row += 1;
        Ok(())
    }

    /// A row of links under the title; alone, only those to its own sheets.
    fn links(&mut self, cells: &[Cell], f: &Formats) -> Result<(), XlsxError> {
        let alone = self.place == Place::Alone;
        let cells: Vec<&Cell> = cells.iter().filter(|c| !(alone && matches!(c, Cell::Page(..)))).collect();
        for (c, cell) in cells.into_iter().enumerate() {
            self.put(self.row, c as u16, cell, f)?;
        }
        self.row += 1;
        Ok(())
    }

    /// Keeps the rows written so far (the title and links) in view, and repeats them at the
    /// top of every printed page.
    fn freeze(&mut self) -> Result<(), XlsxError> {
        self.freeze_at(self.row)
    }

    /// Keeps the first `rows` rows in view and on every printed page.
    fn freeze_at(&mut self, rows: u32) -> Result<(), XlsxError> {
        self.ws.set_freeze_panes(rows, 0)?;
        self.frozen = rows;
        Ok(())
    }

    /// A line of text (a note).
    fn line(&mut self, t: &str) -> Result<(), XlsxError> {
        let (t, guard) = cell_text(t);
        self.text(self.row, 0, &t, guard, None)?;
        self.row += 1;
        Ok(())
    }

    fn skip(&mut self) {
        self.row += 1;
    }

    /// A table: an optional caption row, then an Excel table named `<name>_<sheet>` with
    /// `header` and `body`. An empty body writes nothing.
    fn table(&mut self, name: &str, caption: Option<&str>, header: &[&str], body: Vec<Vec<Cell>>, f: &Formats) -> Result<(), XlsxError> {
        if body.is_empty() {
            return Ok(());
        }
        if let Some(c) = caption {
            let (c, guard) = cell_text(c);
            self.text(self.row, 0, &c, guard, Some(&f.caption))?;
            self.row += 1;
        }
        let first = self.row;
        for (r, cells) in body.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                self.put(first + 1 + r as u32, c as u16, cell, f)?;
            }
        }
        let columns: Vec<TableColumn> = header
            .iter()
            .map(|h| {
                let (h, guard) = cell_text(h);
                let column = TableColumn::new().set_header(h);
                if guard {
                    column.set_header_format(Format::new().set_quote_prefix())
                } else {
                    column
                }
            })
            .collect();
        for (c, h) in header.iter().enumerate() {
            // The header and its filter button.
            self.widen(c as u16, width_of(h) + 3);
        }
        let table_name = if self.index == 0 { name.to_string() } else { format!("{name}_{}", self.index) };
        let table = Table::new().set_name(table_name).set_columns(&columns);
        let last = first + body.len() as u32;
        self.ws.add_table(first, 0, last, header.len() as u16 - 1, &table)?;
        self.row = last + 2;
        Ok(())
    }

    /// The worksheet, its columns as wide as their contents (within 8 and 60 characters), set
    /// up for print: landscape, as wide as one page (as many pages down as it takes), the frozen
    /// rows (title and links, the Summary's header) repeated at the top of every page.
    fn finish(mut self) -> Result<Worksheet, XlsxError> {
        for (c, w) in self.widths.iter().enumerate() {
            self.ws.set_column_width(c as u16, (*w).clamp(8, 60) as f64 + 1.0)?;
        }
        self.ws.set_landscape();
        self.ws.set_print_fit_to_pages(1, 0);
        if self.frozen > 0 {
            self.ws.set_repeat_rows(0, self.frozen - 1)?;
        }
        Ok(self.ws)
    }
}

// ---------------------------------------------------------------------------------------------
// Sheet names.

/// What a sheet shows.
enum Kind<'a> {
    Main(&'a StrategyRecord),
    Paytable(&'a str),
    HouseWays(&'a HouseWaysAnalysis),
}

struct Planned<'a> {
    game: &'a GameSection,
    wager: &'a WagerSection,
    kind: Kind<'a>,
    name: String,
    /// The HTML page of the sheet.
    page: String,
}

/// Every sheet after the Summary, in the report's order, with its name and page.
fn plan(report: &Report) -> Vec<Planned<'_>> {
    // Excel reserves "History" (the change-tracking sheet) and refuses a workbook using it.
    let mut taken = vec!["Summary".to_string(), "Provenance".to_string(), "History".to_string()];
    let mut out = Vec::new();
    for g in &report.games {
        let game = short_game(&g.title);
        for w in &g.wagers {
            let readings: Vec<&str> = dedup(w.strategy.iter().map(|s| s.analysis.reading.as_str()));
            let tables: Vec<&str> = dedup(w.strategy.iter().filter_map(|s| s.analysis.paytable.as_deref()));
            let qualifiers: Vec<Vec<[String; 2]>> = w
                .strategy
                .iter()
                .map(|st| {
                    let a = &st.analysis;
                    let mut q = Vec::new();
                    if readings.len() > 1 {
                        q.push(reading_words(&a.reading, &readings));
                    }
                    if let Some(t) = a.paytable.as_deref().filter(|t| tables.len() > 1 || *t != "default") {
                        q.push([t.to_string(), t.to_string()]);
                    }
                    q
                })
                .collect();
            // "Main" goes before a sibling's reading is cut: `FUPG house way natural ace only`.
            let main = ["Main".to_string(), "Main".to_string()];
            let names = fit_together(&game, &main, &qualifiers).or_else(|| fit_together(&game, &[String::new(), String::new()], &qualifiers));
            for (i, st) in w.strategy.iter().enumerate() {
                let name = names.as_ref().map_or_else(|| compose(&game, &main, &qualifiers[i]), |n| n[i].clone());
                let name = unique(&name, &mut taken);
                out.push(Planned { game: g, wager: w, kind: Kind::Main(st), name, page: strategy_page(g, w, &st.analysis.reading, st.analysis.paytable.as_deref()) });
            }
            if let Some(h) = &w.house_ways {
                out.push(Planned { game: g, wager: w, kind: Kind::HouseWays(h), name: unique("House ways", &mut taken), page: wager_page(g, w) });
            }
            let ids: Vec<&str> = dedup(w.sheets.iter().flat_map(|s| s.paytables.iter().map(|t| t.id.as_str())));
            let wager = short_wager(&w.title);
            let qualifiers: Vec<Vec<[String; 2]>> = ids.iter().map(|id| if ids.len() == 1 && *id == "default" { vec![] } else { vec![[id.to_string(), id.to_string()]] }).collect();
            let names = fit_together(&game, &wager, &qualifiers);
            for (i, id) in ids.iter().enumerate() {
                let name = names.as_ref().map_or_else(|| compose(&game, &wager, &qualifiers[i]), |n| n[i].clone());
                let name = unique(&name, &mut taken);
                out.push(Planned { game: g, wager: w, kind: Kind::Paytable(id), name, page: sheet_page(g, w, id) });
            }
        }
    }
    out
}

fn dedup<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// A game's title and its initials: without the words every poker game or its sponsor's brand
/// carries ("Stud Poker", "World Poker Tour"), so `DJ Wild`, `Face Up Pai Gow`, `Heads-Up Hold
/// Em`; the initials keep an upper-case word or a number whole (`DJW`, `HCF`, `S5C`).
fn short_game(title: &str) -> [String; 2] {
    let words: Vec<&str> = title.split_whitespace().filter(|w| !["World", "Poker", "Tour", "Stud"].contains(w)).collect();
    let words = if words.is_empty() { title.split_whitespace().collect() } else { words };
    let initials: String = words
        .iter()
        .flat_map(|w| w.split('-'))
        .filter_map(|w| if w.chars().all(|c| c.is_uppercase() || c.is_ascii_digit()) { Some(w.to_string()) } else { w.chars().find(|c| c.is_alphanumeric()).map(|c| c.to_uppercase().to_string()) })
        .collect();
    [words.join(" "), initials]
}

/// A wager's title without "Wager", and without "Bonus" too.
fn short_wager(title: &str) -> [String; 2] {
    let full = title.trim_end_matches(" Wagers").trim_end_matches(" Wager").to_string();
    let short = full.strip_suffix(" Bonus").map_or(full.clone(), str::to_string);
    [full, short]
}

/// A reading in words, and only the words that tell it from its siblings' (the words every
/// sibling has dropped): `opposite-range-loses` beside `opposite-range-pushes` is `loses`.
fn reading_words(reading: &str, siblings: &[&str]) -> [String; 2] {
    let words: Vec<&str> = reading.split('-').collect();
    let everywhere = |w: &&str| siblings.len() > 1 && siblings.iter().all(|s| s.split('-').any(|x| x == *w));
    let distinct: Vec<&str> = words.iter().copied().filter(|w| !everywhere(w)).collect();
    let distinct = if distinct.is_empty() { words.clone() } else { distinct };
    [words.join(" "), distinct.join(" ")]
}

/// The names of sibling sheets in one form, the first under which every one fits (so that
/// siblings read alike), as `compose` orders the forms; none where no form fits them all.
fn fit_together(game: &[String; 2], wager: &[String; 2], qualifiers: &[Vec<[String; 2]>]) -> Option<Vec<String>> {
    for g in game {
        for w in wager {
            for q in 0..2 {
                let names: Vec<String> = qualifiers.iter().map(|qs| name_of(g, w, qs.iter().map(|x| x[q].as_str()))).collect();
                if names.iter().all(|n| width_of(n) <= NAME_LIMIT) {
                    return Some(names);
                }
            }
        }
    }
    None
}

fn name_of<'a>(game: &'a str, wager: &'a str, qualifiers: impl Iterator<Item = &'a str>) -> String {
    let parts: Vec<&str> = [game, wager].into_iter().chain(qualifiers).filter(|p| !p.is_empty()).collect();
    sanitize(&parts.join(" "))
}

/// The first name that fits: the game, the wager and each qualifier in full, then shorter
/// forms (qualifiers first, then the wager, then the game); where none fits, the shortest
/// forms with the game and wager cut to leave the qualifiers whole.
fn compose(game: &[String; 2], wager: &[String; 2], qualifiers: &[[String; 2]]) -> String {
    let join = |parts: Vec<&str>| sanitize(&parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" "));
    if let Some(mut names) = fit_together(game, wager, &[qualifiers.to_vec()]) {
        return names.remove(0);
    }
    let tail = join(qualifiers.iter().map(|x| x[1].as_str()).collect());
    let head = join(vec![game[1].as_str(), wager[1].as_str()]);
    let room = NAME_LIMIT.saturating_sub(width_of(&tail) + 1);
    let name = if room >= 3 { format!("{} {tail}", truncate(&head, room).trim_end()) } else { truncate(&format!("{head} {tail}"), NAME_LIMIT) };
    sanitize(&name)
}

/// At most `limit` UTF-16 units of `t`, whole characters.
fn truncate(t: &str, limit: usize) -> String {
    let mut out = String::new();
    for c in t.chars() {
        if width_of(&out) + c.len_utf16() > limit {
            break;
        }
        out.push(c);
    }
    out
}

/// A name Excel accepts: no `[]:*?/\` (a slash becomes a dash), no apostrophe (one may not
/// begin or end a name, and links would need it doubled), single spaces.
fn sanitize(t: &str) -> String {
    let t: String = t.chars().filter(|c| !"[]:*?'".contains(*c) && !c.is_control()).map(|c| if c == '/' || c == '\\' { '-' } else { c }).collect();
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.is_empty() {
        "Sheet".into()
    } else {
        t
    }
}

/// `name`, or `name 2`, `name 3`, …, whichever is not taken yet (Excel compares names without
/// case); recorded as taken.
fn unique(name: &str, taken: &mut Vec<String>) -> String {
    let free = |n: &str, taken: &[String]| !taken.iter().any(|t| t.to_lowercase() == n.to_lowercase());
    let mut candidate = name.to_string();
    let mut n = 2;
    while !free(&candidate, taken) {
        let suffix = format!(" {n}");
        candidate = format!("{}{suffix}", truncate(name, NAME_LIMIT - suffix.len()).trim_end());
        n += 1;
    }
    taken.push(candidate.clone());
    candidate
}

// ---------------------------------------------------------------------------------------------
// The sheets.

const SUMMARY_COLUMNS: [&str; 22] = [
    "Game",
    "Wager",
    "Paytable",
    "Reading",
    "Basis",
    "House edge",
    "House edge (exact)",
    "Payback",
    "Payback (exact)",
    "Payback kind",
    "Hit frequency",
    "Hit frequency (exact)",
    "Standard deviation",
    "Published",
    "Published high",
    "Published (as printed)",
    "Published figure",
    "Status",
    "Status detail",
    "Flags",
    "Sheet",
    "Page",
];

fn summary_sheet(report: &Report, plan: &[Planned], f: &Formats, place: Place) -> Result<Worksheet, XlsxError> {
    let sheet_of: HashMap<&str, &str> = plan.iter().filter(|p| !matches!(p.kind, Kind::HouseWays(_))).map(|p| (p.page.as_str(), p.name.as_str())).collect();
    let mut s = SheetWriter::new("Summary", 0, place)?;
    let mut body = Vec::new();
    for r in crate::rows::rows(report) {
        // One row per published figure and status of the summary row (a figure as printed and
        // under a candidate correction are two), so each Status cell holds one status id; one
        // row where nothing is published.
        let published: Vec<Option<&(String, String, String, parsheet_app::figure::Status)>> = if r.published.is_empty() { vec![None] } else { r.published.iter().map(Some).collect() };
        for p in published {
            let mut cells = vec![text(&r.game.title), text(&r.wager.title), opt_text(r.paytable), opt_text(r.reading), text(r.basis().words())];
            cells.extend(percent_pair(r.figures.house_edge.as_ref()));
            cells.extend(percent_pair(r.figures.payback.as_ref()));
            cells.push(text(r.payback_label));
            cells.extend(percent_pair(r.hit_frequency));
            cells.push(r.standard_deviation.and_then(|sd| sd.parse::<f64>().ok()).map_or(Cell::Empty, Cell::Float));
            match p {
                Some((printed, kind, words, status)) => {
                    cells.extend(printed_pair(printed));
                    cells.extend([text(printed), text(kind), text(status.id())]);
                    // What the status is of, from the row's words ("reproduced (misprint corrected)").
                    let detail = words.strip_prefix(status.name()).unwrap_or("").trim().trim_start_matches('(').trim_end_matches(')');
                    cells.push(text(detail));
                }
                None => cells.extend((0..6).map(|_| Cell::Empty)),
            }
            cells.push(text(r.flags.join("; ")));
            cells.push(sheet_of.get(r.page.as_str()).map_or(Cell::Empty, |n| Cell::Sheet(n.to_string(), n.to_string())));
            // Alone, the workbook has no page to link to: no Page column.
            if place == Place::InReport {
                cells.push(Cell::Page(r.page.clone(), r.page.clone()));
            }
            body.push(cells);
        }
    }
    if body.is_empty() {
        s.line("The report computed no wager.")?;
        return s.finish();
    }
    let columns = if place == Place::InReport { &SUMMARY_COLUMNS[..] } else { &SUMMARY_COLUMNS[..SUMMARY_COLUMNS.len() - 1] };
    s.table("Summary", None, columns, body, f)?;
    s.freeze_at(1)?;
    s.finish()
}

/// The links under a sheet's title: its page, its wager's page, the Summary.
fn links(s: &mut SheetWriter, g: &GameSection, w: &WagerSection, page: String, f: &Formats) -> Result<(), XlsxError> {
    s.links(&[Cell::Page(page.clone(), format!("Page: {page}")), Cell::Page(wager_page(g, w), format!("Wager: {}", w.title)), Cell::Sheet("Summary".into(), "Summary".into())], f)
}

fn source_words(s: Source) -> &'static str {
    match s {
        Source::Printed => "printed",
        Source::Default => "default",
        Source::Given => "given",
    }
}

const PUBLISHED_COLUMNS: [&str; 25] = [
    "Figure to certify",
    "Figure",
    "Published",
    "Published high",
    "Published (as printed)",
    "Value checked",
    "Value checked high",
    "Value checked (as printed)",
    "Section",
    "Paytable",
    "Reading",
    "Basis",
    "Candidate corrections",
    "Computed",
    "Computed (exact)",
    "Deviation",
    "Deviation (exact)",
    "Status",
    "Reason",
    "Implied term",
    "Implied value",
    "Detail",
    "Explanations",
    "Quote",
    "Note",
];

/// The published figures of `w` whose checks `keep` selects: one row per check.
fn published_rows(w: &WagerSection, keep: impl Fn(&CheckExplained) -> bool) -> Vec<Vec<Cell>> {
    let mut body = Vec::new();
    for p in &w.published {
        for ce in p.checks.iter().filter(|c| keep(c)) {
            let c = &ce.check;
            let mut cells = vec![text(if c.default_reading { "yes" } else { "" }), text(&p.kind)];
            cells.extend(printed_pair(&p.printed));
            cells.push(text(&p.printed));
            cells.extend(printed_pair(&c.published));
            cells.push(text(&c.published));
            cells.extend([text(&p.section), text(&c.paytable), opt_text(c.reading.as_deref()), text(c.basis.words()), opt_text(c.misprint_corrected.as_deref())]);
            cells.extend(percent_pair(c.computed.as_ref()));
            cells.extend(percent_pair(c.deviation.as_ref()));
            // The record's status id alone: the view names what the record decided.
            cells.push(text(c.status.id()));
            cells.push(opt_text(c.reason.as_deref()));
            cells.push(opt_text(c.implied.as_ref().map(|i| i.term.as_str())));
            cells.push(c.implied.as_ref().map_or(Cell::Empty, |i| Cell::Decimal(i.value.value().clone())));
            cells.push(text(&c.detail));
            cells.push(text(ce.explanations.join("; ")));
            cells.push(text(&p.quote));
            cells.push(opt_text(p.note.as_deref()));
            body.push(cells);
        }
    }
    body
}

fn assumption_rows(reading: Option<&str>, said: &[parsheet_app::Assumption]) -> Vec<Vec<Cell>> {
    said.iter()
        .map(|a| {
            let mut cells = reading.map(|r| vec![text(r)]).unwrap_or_default();
            cells.extend([text(&a.name), text(&a.value), text(source_words(a.source)), opt_text(a.basis.as_deref())]);
            cells
        })
        .collect()
}

/// A side bet's paytable under every reading.
fn paytable_sheet(s: &mut SheetWriter, g: &GameSection, w: &WagerSection, id: &str, f: &Formats) -> Result<(), XlsxError> {
    let entries: Vec<(&ReadingSheet, &SheetTable)> = w.sheets.iter().filter_map(|sh| sh.paytables.iter().find(|t| t.id == id).map(|t| (sh, t))).collect();
    let section = entries.first().map_or("", |e| e.1.section.as_str());
    s.heading(&format!("{}: {}, paytable {id} ({section})", g.title, w.title), f)?;
    links(s, g, w, sheet_page(g, w, id), f)?;
    s.freeze()?;
    if let Some((_, t)) = entries.first() {
        for n in &t.notes {
            s.line(n)?;
        }
        for (k, v) in &t.terms {
            s.line(&format!("{k}: {v}"))?;
        }
    }
    s.skip();
    let reading = |sh: &ReadingSheet| opt_text(sh.reading.as_deref());
    let progressive = entries.iter().any(|(_, t)| t.analysis.as_ref().is_some_and(|a| a.progressive.is_some()));

    let mut header = vec!["Reading", "Reading note", "Cycle", "Cycle (exact)", "House edge", "House edge (exact)", "Payback", "Payback (exact)", "Hit frequency", "Hit frequency (exact)", "Variance", "Variance (exact)", "Standard deviation"];
    if progressive {
        header.extend(["Fixed pays' return", "Fixed pays' return (exact)", "Envy return", "Envy return (exact)", "Payback per meter dollar", "Payback per meter dollar (exact)", "Reset ($)", "Payback at reset", "Payback at reset (exact)", "Break-even meter ($)"]);
    }
    header.push("Error");
    let mut body = Vec::new();
    for (sh, t) in &entries {
        let a = t.analysis.as_ref();
        let mut cells = vec![reading(sh), opt_text(t.reading_flag.as_deref())];
        cells.extend(count_pair(sh.cycle.0));
        cells.extend(percent_pair(a.and_then(|a| a.figures.house_edge.as_ref())));
        cells.extend(percent_pair(a.and_then(|a| a.figures.payback.as_ref())));
        cells.extend(percent_pair(a.and_then(|a| a.hit_frequency.as_ref())));
        match a.and_then(|a| a.variance.as_ref()) {
            Some(v) => cells.extend(decimal_pair(v)),
            None => cells.extend([Cell::Empty, Cell::Empty]),
        }
        cells.push(a.and_then(|a| a.standard_deviation.as_deref()).and_then(|sd| sd.parse::<f64>().ok()).map_or(Cell::Empty, Cell::Float));
        if progressive {
            match a.and_then(|a| a.progressive.as_ref()) {
                Some(m) => {
                    cells.extend(percent_pair(Some(&m.fixed_return)));
                    cells.extend(percent_pair(Some(&m.envy)));
                    cells.extend(percent_pair(Some(&m.per_meter_dollar)));
                    cells.push(m.reset.as_ref().map_or(Cell::Empty, |r| Cell::Decimal(r.value().clone())));
                    cells.extend(percent_pair(m.payback_at_reset.as_ref()));
                    cells.push(m.break_even_meter.as_ref().map_or(Cell::Empty, |r| Cell::Decimal(r.value().clone())));
                }
                None => cells.extend((0..10).map(|_| Cell::Empty)),
            }
        }
        cells.push(opt_text(t.error.as_deref()));
        body.push(cells);
    }
    s.table("Figures", Some("Figures by reading (per unit wagered)"), &header, body, f)?;

    let body = entries.iter().flat_map(|(sh, t)| t.analysis.as_ref().map(|a| assumption_rows(Some(sh.reading.as_deref().unwrap_or("")), &a.assumptions)).unwrap_or_default()).collect();
    s.table("Assumptions", Some("Assumptions"), &["Reading", "Assumption", "Value", "Source", "Basis"], body, f)?;

    let body = published_rows(w, |c| c.check.paytable == id || c.check.paytable == "all");
    s.table("Published", Some("Published figures and their checks"), &PUBLISHED_COLUMNS, body, f)?;

    let mut body = Vec::new();
    for (sh, t) in &entries {
        let a = t.analysis.as_ref();
        for o in &sh.outcomes {
            let line = a.and_then(|a| a.outcomes.iter().find(|l| l.outcome == o.outcome));
            let mut cells = vec![reading(sh), text(hand(w, Some(t), &o.outcome)), text(&o.outcome), text(line.map_or("loses", |l| l.pays.as_str()))];
            cells.extend(count_pair(o.combinations.0));
            cells.extend(fine_pair(&o.probability));
            cells.push(o.one_in.as_ref().map_or(Cell::Empty, |n| Cell::OneIn(n.value().clone())));
            match line {
                Some(l) => cells.extend(fine_pair(&l.contribution)),
                None => cells.extend([Cell::Empty, Cell::Empty]),
            }
            body.push(cells);
        }
    }
    let caption = if progressive { "Outcomes (the return column: each outcome's share of the fixed pays' return)" } else { "Outcomes" };
    s.table("Outcomes", Some(caption), &["Reading", "Hand", "Outcome", "Pays", "Combinations", "Combinations (exact)", "Probability", "Probability (exact)", "1 in N", "Return", "Return (exact)"], body, f)
}

/// A main game solved under one reading (and paytable).
fn main_sheet(s: &mut SheetWriter, g: &GameSection, w: &WagerSection, st: &StrategyRecord, f: &Formats) -> Result<(), XlsxError> {
    let a = &st.analysis;
    let table = a.paytable.as_deref().map(|t| format!(", paytable {t}")).unwrap_or_default();
    s.heading(&format!("{}, reading {}{table} ({})", a.title, a.reading, a.rules), f)?;
    links(s, g, w, strategy_page(g, w, &a.reading, a.paytable.as_deref()), f)?;
    s.freeze()?;
    for n in &a.notes {
        s.line(n)?;
    }
    s.skip();

    let body = [Basis::PerAnte, Basis::PerInitialWager, Basis::PerTotalWagered]
        .iter()
        .filter_map(|b| a.figures.get(*b))
        .map(|fig| {
            let name = if fig.basis == Basis::PerTotalWagered { "element of risk".to_string() } else { format!("house edge {}", fig.basis.words()) };
            let mut cells = vec![text(fig.basis.words()), text(name)];
            cells.extend(percent_pair(fig.house_edge.as_ref()));
            cells.extend(percent_pair(fig.payback.as_ref()));
            cells
        })
        .collect();
    s.table("Bases", Some("House edge and payback on every basis (per total wagered: the element of risk)"), &["Basis", "Name", "House edge", "House edge (exact)", "Payback", "Payback (exact)"], body, f)?;

    let sd = |t: &str| t.parse::<f64>().map_or(Cell::Empty, Cell::Float);
    let row = |label: &str, cells: [Cell; 2]| -> Vec<Cell> { std::iter::once(text(label)).chain(cells).collect() };
    let body = vec![
        row("Deals (cycle)", count_pair(a.cycle.0)),
        row("Hit frequency (net > 0)", percent_pair(Some(&a.hit_frequency))),
        row("Initial wager (Antes)", decimal_pair(&a.initial_wager)),
        row("Average total wager (Antes)", decimal_pair(&a.average_wager)),
        row("Variance per Ante", decimal_pair(&a.variance_per_ante)),
        row("Variance per initial wager", decimal_pair(&a.variance_per_initial_wager)),
        row("Standard deviation per Ante", [sd(&a.standard_deviation_per_ante), Cell::Empty]),
        row("Standard deviation per initial wager", [sd(&a.standard_deviation_per_initial_wager), Cell::Empty]),
    ];
    s.table("Figures", Some("Figures"), &["Figure", "Value", "Exact"], body, f)?;

    s.table("Assumptions", Some("Assumptions"), &["Assumption", "Value", "Source", "Basis"], assumption_rows(None, &a.assumptions), f)?;

    let body = published_rows(w, |c| c.check.reading.as_deref() == Some(a.reading.as_str()) && (c.check.paytable == "all" || a.paytable.as_deref().is_none_or(|t| t == c.check.paytable)));
    s.table("Published", Some("Published figures and their checks"), &PUBLISHED_COLUMNS, body, f)?;

    let body = a
        .outcomes
        .iter()
        .map(|o| {
            let mut cells = vec![text(&o.outcome)];
            cells.extend(decimal_pair(&o.net));
            cells.extend(count_pair(o.combinations.0));
            cells.extend(fine_pair(&o.probability));
            cells.extend(fine_pair(&o.contribution));
            cells
        })
        .collect();
    s.table("Outcomes", Some("Outcomes (net result per Ante; return: the outcome's share of the expected net per Ante)"), &["Outcome", "Net (Antes)", "Net (exact)", "Combinations", "Combinations (exact)", "Probability", "Probability (exact)", "Return", "Return (exact)"], body, f)?;

    let body = a
        .actions
        .iter()
        .map(|x| {
            let mut cells = vec![text(&x.action)];
            cells.extend(count_pair(x.deals.0));
            cells.extend(fine_pair(&x.probability));
            cells
        })
        .collect();
    s.table("Actions", Some("Actions"), &["Action", "Deals", "Deals (exact)", "Probability", "Probability (exact)"], body, f)?;

    let mut header: Vec<String> = ["Situation", "Play", "Deals", "Deals (exact)"].map(String::from).to_vec();
    for p in &st.plays {
        header.push(format!("EV {p}"));
        header.push(format!("EV {p} (exact)"));
    }
    let body = st
        .decisions
        .iter()
        .map(|d| {
            let mut cells = vec![text(&d.situation), text(&d.play)];
            cells.extend(count_pair(d.deals.0));
            for p in &st.plays {
                match d.options.iter().find(|o| o.play == *p) {
                    Some(o) => cells.extend(decimal_pair(&o.expected_net)),
                    None => cells.extend([Cell::Empty, Cell::Empty]),
                }
            }
            cells
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    s.table("Strategy", Some("Strategy: each decision's play, and the expected net of every play it offers (per unit of initial wager)"), &header, body, f)
}

/// The columns of the house-way table: as `house-ways.csv`'s, each fraction a number with its
/// exact value beside it.
const HOUSE_WAY_COLUMNS: [&str; 21] = [
    "Row",
    "House way",
    "Title",
    "Default way",
    "Basis",
    "Optimal player: house edge",
    "Optimal player: house edge (exact)",
    "Optimal player: payback",
    "Optimal player: payback (exact)",
    "House-way player: house edge",
    "House-way player: house edge (exact)",
    "House-way player: payback",
    "House-way player: payback (exact)",
    "House-way player note",
    "Dealer hands set as the dealer-best way",
    "Dealer hands set as the dealer-best way (exact)",
    "Payback bound",
    "Over",
    "Published",
    "Published (as printed)",
    "Published in range",
];

/// Face Up Pai Gow's house ways: the assumptions, every built-in way under both policies and
/// the bounds of the range over every way (`house_ways::lines`, the rows of `house-ways.csv`),
/// the default way against the dealer-best way by hand shape, and the way edits the wager's
/// page shows.
fn house_ways_sheet(s: &mut SheetWriter, g: &GameSection, w: &WagerSection, h: &HouseWaysAnalysis, f: &Formats) -> Result<(), XlsxError> {
    use crate::house_ways::{edits_shown, lines, summary_lines};
    s.heading(&format!("{}: {}, every built-in house way and the range over all house ways ({})", g.title, w.title, h.deck), f)?;
    let page = wager_page(g, w);
    let csv = crate::render::HOUSE_WAYS_CSV;
    s.links(&[Cell::Page(page.clone(), format!("Page: {page}")), Cell::Page(csv.into(), format!("CSV: {csv}")), Cell::Sheet("Summary".into(), "Summary".into())], f)?;
    s.freeze()?;
    for l in summary_lines(h) {
        s.line(&l)?;
    }
    s.skip();
    s.table("Assumptions", Some("Assumptions"), &["Assumption", "Value", "Source", "Basis"], assumption_rows(None, &h.assumptions), f)?;

    let body = lines(h)
        .iter()
        .map(|l| {
            let mut cells = vec![text(if l.bound.is_some() { "bound" } else { "way" }), text(l.way), text(l.title), text(if l.default_way { "yes" } else { "" }), text(l.optimal_player.primary_basis.words())];
            for p in [Some(l.optimal_player), l.house_way_player] {
                cells.extend(percent_pair(p.and_then(|p| p.house_edge.as_ref())));
                cells.extend(percent_pair(p.and_then(|p| p.payback.as_ref())));
            }
            cells.push(opt_text(l.house_way_player_note));
            cells.extend(percent_pair(l.alike_with_dealer_best));
            match l.bound {
                Some(b) => {
                    cells.extend([text(b.id()), text(crate::house_ways::BOUNDS_OVER)]);
                    let published = h.published.as_deref().unwrap_or("");
                    let [figure, _] = printed_pair(published);
                    cells.extend([figure, opt_text(h.published.as_deref()), opt_text(h.published_in_range.map(|i| if i { "yes" } else { "no" }))]);
                }
                None => cells.extend((0..5).map(|_| Cell::Empty)),
            }
            cells
        })
        .collect();
    let caption = format!("Every built-in house way under both policies, then the bounds of the optimal player's payback {} ({})", crate::house_ways::BOUNDS_OVER, h.dealer_best.primary_basis.words());
    s.table("HouseWays", Some(&caption), &HOUSE_WAY_COLUMNS, body, f)?;

    let body = h
        .compared_by_shape
        .iter()
        .map(|x| {
            let mut cells = vec![text(&x.shape), text(if x.straight_or_flush { "yes" } else { "" })];
            cells.extend(count_pair(x.dealer_hands.0));
            cells.extend(count_pair(x.set_otherwise.0));
            cells.extend(fine_pair(&x.worth));
            cells.push(opt_text(x.example.as_deref()));
            cells
        })
        .collect();
    let caption = format!("{} against the dealer-best way, by dealer hand shape (worth: what setting them otherwise is worth to the optimal player over the cycle, per unit wagered: its part of the edge difference)", parsheet_tables::printable(&h.compared_way));
    s.table(
        "Shapes",
        Some(&caption),
        &["Dealer hand shape", "Straight or flush possible", "Dealer hands", "Dealer hands (exact)", "Set otherwise", "Set otherwise (exact)", "Worth to the optimal player", "Worth to the optimal player (exact)", "Where it is worth most"],
        body,
        f,
    )?;

    if let Some(e) = &w.way_edits {
        let (line, edits) = edits_shown(e);
        let body = edits
            .iter()
            .map(|x| {
                let mut cells = vec![text(&x.edit)];
                cells.extend(percent_pair(x.optimal_player.as_ref().and_then(|p| p.house_edge.as_ref())));
                cells.extend(percent_pair(x.optimal_player.as_ref().and_then(|p| p.payback.as_ref())));
                cells.extend(percent_pair(x.hands_touched.as_ref()));
                cells.push(opt_text(x.note.as_deref()));
                cells
            })
            .collect();
        s.table(
            "WayEdits",
            Some(&line),
            &["Edit", "Optimal player: house edge", "Optimal player: house edge (exact)", "Optimal player: payback", "Optimal player: payback (exact)", "Dealer hands touched", "Dealer hands touched (exact)", "Note"],
            body,
            f,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> String {
        t.to_string()
    }

    #[test]
    fn game_titles_shorten_to_words_then_initials() {
        assert_eq!(short_game("DJ Wild Stud Poker"), [s("DJ Wild"), s("DJW")]);
        assert_eq!(short_game("World Poker Tour Heads-Up Hold 'Em"), [s("Heads-Up Hold 'Em"), s("HUHE")]);
        assert_eq!(short_game("High Card Flush"), [s("High Card Flush"), s("HCF")]);
        assert_eq!(short_game("Saigon 5 Card"), [s("Saigon 5 Card"), s("S5C")]);
        assert_eq!(short_wager("Straight Flush Bonus Wager"), [s("Straight Flush Bonus"), s("Straight Flush")]);
    }

    #[test]
    fn readings_keep_the_words_that_tell_them_apart() {
        let ou = ["opposite-range-loses", "opposite-range-pushes"];
        assert_eq!(reading_words("opposite-range-pushes", &ou)[1], "pushes");
        let fupg = ["optimal-player", "house-way-player"];
        assert_eq!(reading_words("house-way-player", &fupg)[1], "house way");
        assert_eq!(reading_words("as-written", &["as-written"])[1], "as written");
        let fupg4 = ["optimal-player", "house-way-player", "optimal-player-natural-ace-only", "house-way-player-natural-ace-only"];
        assert_eq!(reading_words("house-way-player-natural-ace-only", &fupg4)[1], "house way natural ace only");
        assert_eq!(reading_words("optimal-player", &fupg4)[1], "optimal");
    }

    fn fupg4_words() -> Vec<[String; 2]> {
        let fupg4 = ["optimal-player", "house-way-player", "optimal-player-natural-ace-only", "house-way-player-natural-ace-only"];
        fupg4.iter().map(|r| reading_words(r, &fupg4)).collect()
    }

    #[test]
    fn names_fit_31_characters_and_are_unique() {
        let hcf = short_game("High Card Flush");
        assert_eq!(compose(&hcf, &short_wager("Flush Bonus Wager"), &[[s("A"), s("A")]]), "High Card Flush Flush Bonus A");
        assert_eq!(compose(&hcf, &short_wager("Straight Flush Bonus Wager"), &[[s("A"), s("A")]]), "HCF Straight Flush Bonus A");
        let long = compose(&[s("A very long game title indeed"), s("AVLGTI")], &[s("An even longer wager title here"), s("X")], &[[s("PAYTABLE-ID-0001"), s("PAYTABLE-ID-0001")]]);
        assert!(width_of(&long) <= NAME_LIMIT && long.ends_with("PAYTABLE-ID-0001"), "{long}");
        assert_eq!(sanitize("Over/Under [x]: a*b? 'q'"), "Over-Under x ab q");
        // Siblings share one form: one reading too long with "Main" drops "Main" from all four.
        let fupg = short_game("Face Up Pai Gow Poker");
        let qs: Vec<Vec<[String; 2]>> = fupg4_words().into_iter().map(|w| vec![w]).collect();
        assert_eq!(fit_together(&fupg, &[s("Main"), s("Main")], &qs), None);
        let names = fit_together(&fupg, &[s(""), s("")], &qs).unwrap();
        assert_eq!(names, ["FUPG optimal", "FUPG house way", "FUPG optimal natural ace only", "FUPG house way natural ace only"]);
        let mut taken = vec![s("Summary")];
        assert_eq!(unique("summary", &mut taken), "summary 2");
        let base = "x".repeat(31);
        assert_eq!(unique(&base, &mut taken), base);
        let second = unique(&base, &mut taken);
        assert!(width_of(&second) <= NAME_LIMIT && second.ends_with(" 2"), "{second}");
    }
}
