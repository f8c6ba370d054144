//! `report.xlsx` read back with calamine (an independent reader) and checked against
//! `report.json` (the record every view renders) and against facts known without either:
//! every count is a number cell (the double nearest it, at 10^15 and above too) with its exact
//! digits as text beside it, every fraction a number cell with a percent format holding the
//! double nearest the exact value, every published figure a number in a percent format with
//! the printed places beside the text as printed, every status the record's id alone, the
//! outcomes of a sheet add up to its cycle, the main games' cycles are the binomial products
//! of their deals, sheet names follow Excel's rules, every summary row links to a page that
//! exists and to its sheet, every sheet keeps its top rows frozen and is set up for print;
//! and the whole report's workbook, printed by LibreOffice, is at most 150 pages.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};

use calamine::{open_workbook, Data, Reader, Xlsx};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

fn exact(text: &str) -> BigRational {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    BigRational::new(n.parse::<BigInt>().unwrap(), d.parse::<BigInt>().unwrap())
}

/// Whether the double `x` is `r` to within half a unit in its last place: the double nearest
/// `r`, or a tie.
fn within_half_ulp(x: f64, r: &BigRational) -> bool {
    let a = x.abs();
    let next = f64::from_bits(a.to_bits() + 1);
    let ulp = BigRational::from_float(next).unwrap() - BigRational::from_float(a).unwrap();
    let diff = BigRational::from_float(x).unwrap() - r;
    let diff = if diff < BigRational::default() { -diff } else { diff };
    diff * BigRational::from_integer(2.into()) <= ulp
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// A table of the workbook as read back: its header, its cells and the number format of each.
struct Tab {
    columns: Vec<String>,
    rows: Vec<Vec<Data>>,
    formats: Vec<Vec<String>>,
}

impl Tab {
    fn col(&self, name: &str) -> usize {
        self.columns.iter().position(|c| c == name).unwrap_or_else(|| panic!("no column {name:?} in {:?}", self.columns))
    }

    fn text(&self, row: usize, name: &str) -> String {
        match &self.rows[row][self.col(name)] {
            Data::String(s) => s.clone(),
            Data::Empty => String::new(),
            other => panic!("{name}: expected text, found {other:?}"),
        }
    }
}

/// What the checks saw, so a test can say it saw enough.
#[derive(Default, Debug)]
struct Seen {
    count_numbers: usize,
    /// Counts of 10^15 and more (numbers too, their digits exact beside them).
    count_big: usize,
    /// Published figures as number cells.
    printed: usize,
    percents: usize,
    decimals: usize,
    published: usize,
    decisions: usize,
    sheets: usize,
}

struct Book {
    xlsx: Xlsx<std::io::BufReader<std::fs::File>>,
    path: PathBuf,
    seen: Seen,
}

impl Book {
    fn open(path: &Path) -> Book {
        let mut xlsx: Xlsx<_> = open_workbook(path).unwrap();
        xlsx.load_tables().unwrap();
        Book { xlsx, path: path.to_path_buf(), seen: Seen::default() }
    }

    /// The table of `sheet` whose name starts with `kind` (`Outcomes`, `Published`, …).
    fn table(&mut self, sheet: &str, kind: &str) -> Option<Tab> {
        let names: Vec<String> = self.xlsx.table_names_in_sheet(sheet).into_iter().cloned().collect();
        let name = names.into_iter().find(|n| n == kind || n.starts_with(&format!("{kind}_")))?;
        let t = self.xlsx.table_by_name(&name).unwrap();
        let styles = self.xlsx.worksheet_style(sheet).unwrap();
        let start = t.data().start().unwrap();
        let rows: Vec<Vec<Data>> = t.data().rows().map(|r| r.to_vec()).collect();
        let formats = (0..rows.len())
            .map(|r| {
                (0..t.columns().len())
                    .map(|c| styles.get((start.0 + r as u32, start.1 + c as u32)).and_then(|s| s.number_format.as_ref()).map_or("General".to_string(), |f| f.format_code.clone()))
                    .collect()
            })
            .collect();
        Some(Tab { columns: t.columns().to_vec(), rows, formats })
    }

    /// A count: a number cell with a thousands format holding the double nearest it (at 10^15
    /// and above too, so a column of counts sums), and its exact digits as text in `exact_col`.
    fn count(&mut self, t: &Tab, row: usize, col: &str, exact_col: &str, expected: u128, what: &str) {
        let c = t.col(col);
        let Data::Float(x) = t.rows[row][c] else { panic!("{what}: {col} is {:?}, not a number", t.rows[row][c]) };
        assert!(within_half_ulp(x, &BigRational::from_integer(expected.into())), "{what}: {col} {x} is not the double nearest {expected}");
        assert_eq!(t.formats[row][c], "#,##0", "{what}: {col}'s format");
        assert_eq!(t.text(row, exact_col), expected.to_string(), "{what}: {exact_col}");
        self.seen.count_numbers += 1;
        if expected >= 1_000_000_000_000_000 {
            self.seen.count_big += 1;
        }
    }

    /// A published figure: the number cells `col` (the figure, or a range's low end) and
    /// `high_col` (a range's high end, else empty), each the double nearest the printed value in
    /// a percent format with the printed places; `printed` is the text as printed.
    fn printed(&mut self, t: &Tab, row: usize, col: &str, high_col: &str, printed: &str, what: &str) {
        let (lo, hi) = printed.split_once(" to ").map_or((printed, None), |(a, b)| (a, Some(b)));
        for (col, part) in [(col, Some(lo)), (high_col, hi)] {
            let c = t.col(col);
            let Some(part) = part else {
                assert_eq!(t.rows[row][c], Data::Empty, "{what}: {col} is empty for {printed:?}");
                continue;
            };
            let number = part.strip_suffix('%').unwrap_or_else(|| panic!("{what}: {part:?} is no percentage"));
            let places = number.split_once('.').map_or(0, |(_, f)| f.len());
            let value = exact(&format!("{}/{}", number.replace('.', ""), 10u128.pow(places as u32 + 2)));
            let Data::Float(x) = t.rows[row][c] else { panic!("{what}: {col} is {:?}, not a number ({printed:?})", t.rows[row][c]) };
            assert!(within_half_ulp(x, &value), "{what}: {col} {x} is not {part}");
            let format = if places == 0 { "0%".to_string() } else { format!("0.{}%", "0".repeat(places)) };
            assert_eq!(t.formats[row][c], format, "{what}: {col}'s format shows the printed places of {part}");
            self.seen.printed += 1;
        }
    }

    /// A fraction: a number cell with a percent format, the double nearest `expected`; and, in
    /// the column `<col> (exact)`, `expected` as text.
    fn percent(&mut self, t: &Tab, row: usize, col: &str, expected: &str, what: &str) {
        let c = t.col(col);
        let Data::Float(x) = t.rows[row][c] else { panic!("{what}: {col} is {:?}, not a number", t.rows[row][c]) };
        assert!(within_half_ulp(x, &exact(expected)), "{what}: {col} {x} is not {expected}");
        let format = &t.formats[row][c];
        assert!(format.starts_with("0.0000") && format.ends_with('%'), "{what}: {col}'s format {format:?} is not a percent");
        assert_eq!(t.text(row, &format!("{col} (exact)")), expected, "{what}: {col} (exact)");
        self.seen.percents += 1;
    }

    /// An amount in units of a wager: a number cell with six places, `expected` as text beside.
    fn decimal(&mut self, t: &Tab, row: usize, col: &str, exact_col: &str, expected: &str, what: &str) {
        let c = t.col(col);
        let Data::Float(x) = t.rows[row][c] else { panic!("{what}: {col} is {:?}, not a number", t.rows[row][c]) };
        assert!(within_half_ulp(x, &exact(expected)), "{what}: {col} {x} is not {expected}");
        assert_eq!(t.formats[row][c], "0.000000", "{what}: {col}'s format");
        assert_eq!(t.text(row, exact_col), expected, "{what}: {exact_col}");
        self.seen.decimals += 1;
    }

    /// The sheet XML of `sheet` (calamine does not read panes or column widths).
    fn sheet_xml(&mut self, sheet: &str) -> String {
        let index = self.xlsx.sheet_names().iter().position(|n| n == sheet).unwrap() + 1;
        let mut zip = zip::ZipArchive::new(std::fs::File::open(&self.path).unwrap()).unwrap();
        let mut xml = String::new();
        zip.by_name(&format!("xl/worksheets/sheet{index}.xml")).unwrap().read_to_string(&mut xml).unwrap();
        xml
    }
}

/// A text file of the workbook's zip.
fn zip_text(path: &Path, name: &str) -> String {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut xml = String::new();
    zip.by_name(name).unwrap().read_to_string(&mut xml).unwrap();
    xml
}

/// The value of attribute `name` in the XML tag `tag` (`<c r="A1" s="3" t="s">`).
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// The cells of sheet number `index` (1-based) whose format carries the quote prefix (shown as
/// text, never run as a formula), as (row, column) from 0: calamine does not read the prefix.
fn quote_prefixed(path: &Path, index: usize) -> std::collections::HashSet<(u32, u32)> {
    let styles = zip_text(path, "xl/styles.xml");
    let xfs = &styles[styles.find("<cellXfs").unwrap()..];
    let xfs = &xfs[..xfs.find("</cellXfs>").unwrap()];
    // Each `<xf` of cellXfs, in order: the style index a cell's `s` names.
    let prefixed: Vec<bool> = xfs.split("<xf ").skip(1).map(|x| attr(&format!(" {}", &x[..x.find('>').unwrap()]), "quotePrefix") == Some("1")).collect();
    let sheet = zip_text(path, &format!("xl/worksheets/sheet{index}.xml"));
    let mut out = std::collections::HashSet::new();
    for c in sheet.split("<c ").skip(1) {
        let tag = format!(" {}", &c[..c.find('>').unwrap()]);
        let (Some(r), Some(s)) = (attr(&tag, "r"), attr(&tag, "s")) else { continue };
        if prefixed[s.parse::<usize>().unwrap()] {
            let col = r.chars().take_while(char::is_ascii_uppercase).fold(0u32, |n, ch| n * 26 + (ch as u32 - 'A' as u32 + 1)) - 1;
            let row: u32 = r.trim_start_matches(|ch: char| ch.is_ascii_uppercase()).parse::<u32>().unwrap() - 1;
            out.insert((row, col));
        }
    }
    out
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} is not a string in {v}"))
}

fn count_of(v: &Value) -> u128 {
    v.as_str().unwrap().parse().unwrap()
}

/// The figure of `record` on `basis`.
fn figure<'a>(record: &'a Value, basis: &str) -> &'a Value {
    record["figures"].as_array().unwrap().iter().find(|f| f["basis"] == basis).unwrap_or_else(|| panic!("no {basis} figure"))
}

/// The checks of `wager`'s published figures that a sheet shows, each with its figure.
fn checks<'a>(wager: &'a Value, keep: impl Fn(&Value) -> bool) -> Vec<(&'a Value, &'a Value)> {
    wager["published"].as_array().unwrap().iter().flat_map(|p| p["checks"].as_array().unwrap().iter().map(move |c| (p, c))).filter(|(_, c)| keep(c)).collect()
}

/// The published figures of a sheet: one row per check, in order, with its status, computed
/// value and deviation.
fn check_published(book: &mut Book, sheet: &str, expected: &[(&Value, &Value)]) {
    let Some(t) = book.table(sheet, "Published") else {
        assert!(expected.is_empty(), "{sheet}: {} checks and no Published table", expected.len());
        return;
    };
    assert_eq!(t.rows.len(), expected.len(), "{sheet}: one row per check");
    for (i, (p, c)) in expected.iter().enumerate() {
        let what = format!("{sheet} check {i}");
        assert_eq!(t.text(i, "Published (as printed)"), str_of(p, "printed"), "{what}: the figure as published");
        book.printed(&t, i, "Published", "Published high", str_of(p, "printed"), &what);
        assert_eq!(t.text(i, "Value checked (as printed)"), str_of(c, "published"), "{what}");
        book.printed(&t, i, "Value checked", "Value checked high", str_of(c, "published"), &what);
        assert_eq!(t.text(i, "Status"), str_of(c, "status"), "{what}: the record's status id alone");
        assert!(status_id_alone(&t.text(i, "Status")), "{what}: the status is an id");
        assert_eq!(t.text(i, "Figure to certify"), if c["default_reading"] == true { "yes" } else { "" }, "{what}: the default reading's check");
        assert_eq!(t.text(i, "Reason"), c["reason"].as_str().unwrap_or(""), "{what}: the status's reason");
        assert_eq!(t.text(i, "Implied term"), c["implied"]["term"].as_str().unwrap_or(""), "{what}: implied term");
        assert_eq!(t.text(i, "Detail"), str_of(c, "detail"), "{what}");
        let explanations: Vec<&str> = c["explanations"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
        assert_eq!(t.text(i, "Explanations"), explanations.join("; "), "{what}");
        for (col, key) in [("Computed", "computed"), ("Deviation", "deviation")] {
            match c[key].as_str() {
                Some(v) => book.percent(&t, i, col, v, &what),
                None => assert_eq!(t.rows[i][t.col(col)], Data::Empty, "{what}: no {key}"),
            }
        }
        book.seen.published += 1;
    }
}

/// Whether a status cell holds an id alone (`reproduced`, `cannot-reproduce`), no words beside.
fn status_id_alone(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// A side bet's paytable sheet against its wager's records.
fn check_paytable_sheet(book: &mut Book, sheet: &str, wager: &Value, id: &str) {
    let figures = book.table(sheet, "Figures").unwrap();
    let outcomes = book.table(sheet, "Outcomes").unwrap();
    let readings: Vec<&Value> = wager["sheets"].as_array().unwrap().iter().collect();
    assert_eq!(figures.rows.len(), readings.len(), "{sheet}: one figures row per reading");
    let mut o = 0;
    for (i, r) in readings.iter().enumerate() {
        let reading = r["reading"].as_str().unwrap_or("");
        let what = format!("{sheet} {reading}");
        assert_eq!(figures.text(i, "Reading"), reading, "{what}");
        let cycle = count_of(&r["cycle"]);
        book.count(&figures, i, "Cycle", "Cycle (exact)", cycle, &what);
        let t = r["paytables"].as_array().unwrap().iter().find(|t| t["id"] == id).unwrap();
        let a = &t["analysis"];
        if !a.is_null() {
            for (col, v) in [("House edge", &a["house_edge"]), ("Payback", &a["payback"]), ("Hit frequency", &a["hit_frequency"])] {
                if let Some(v) = v.as_str() {
                    book.percent(&figures, i, col, v, &what);
                }
            }
            if let Some(v) = a["variance"].as_str() {
                book.decimal(&figures, i, "Variance", "Variance (exact)", v, &what);
            }
        }
        // Every deal falls in exactly one outcome: the combinations add up to the cycle, and
        // each probability is its combinations over the cycle.
        let mut total = 0u128;
        for out in r["outcomes"].as_array().unwrap() {
            let what = format!("{what} {}", str_of(out, "outcome"));
            assert_eq!(outcomes.text(o, "Reading"), reading, "{what}");
            assert_eq!(outcomes.text(o, "Outcome"), str_of(out, "outcome"), "{what}");
            let n = count_of(&out["combinations"]);
            book.count(&outcomes, o, "Combinations", "Combinations (exact)", n, &what);
            let p = BigRational::new(n.into(), cycle.into());
            assert_eq!(exact(&outcomes.text(o, "Probability (exact)")), p, "{what}: probability is combinations over cycle");
            book.percent(&outcomes, o, "Probability", str_of(out, "probability"), &what);
            if let Some(line) = a["outcomes"].as_array().and_then(|ls| ls.iter().find(|l| l["outcome"] == out["outcome"])) {
                assert_eq!(outcomes.text(o, "Pays"), str_of(line, "pays"), "{what}");
                book.percent(&outcomes, o, "Return", str_of(line, "return"), &what);
            }
            total += n;
            o += 1;
        }
        assert_eq!(total, cycle, "{what}: the outcomes add up to the cycle");
    }
    assert_eq!(o, outcomes.rows.len(), "{sheet}: no other outcome rows");
    check_published(book, sheet, &checks(wager, |c| c["paytable"] == id || c["paytable"] == "all"));
}

/// A main game's sheet against its strategy record.
fn check_main_sheet(book: &mut Book, sheet: &str, wager: &Value, record: &Value) {
    let what = sheet.to_string();
    let bases = book.table(sheet, "Bases").unwrap();
    let names = ["per Ante", "per initial wager", "per total wagered"];
    assert_eq!((0..bases.rows.len()).map(|i| bases.text(i, "Basis")).collect::<Vec<_>>(), names, "{what}: every basis");
    assert_eq!(bases.text(2, "Name"), "element of risk", "{what}: the house edge per total wagered is the element of risk");
    for (i, basis) in ["per-ante", "per-initial-wager", "per-total-wagered"].iter().enumerate() {
        let f = figure(record, basis);
        book.percent(&bases, i, "House edge", str_of(f, "house_edge"), &what);
        book.percent(&bases, i, "Payback", str_of(f, "payback"), &what);
    }
    let figures = book.table(sheet, "Figures").unwrap();
    let row = |label: &str| (0..figures.rows.len()).find(|&i| figures.text(i, "Figure") == label).unwrap_or_else(|| panic!("{what}: no {label} row"));
    let cycle = count_of(&record["cycle"]);
    book.count(&figures, row("Deals (cycle)"), "Value", "Exact", cycle, &what);
    let r = row("Hit frequency (net > 0)");
    let Data::Float(x) = figures.rows[r][1] else { panic!("{what}: hit frequency is not a number") };
    assert!(within_half_ulp(x, &exact(str_of(record, "hit_frequency"))) && figures.formats[r][1].ends_with('%'), "{what}: hit frequency");
    for (label, key) in [("Variance per Ante", "variance_per_ante"), ("Variance per initial wager", "variance_per_initial_wager"), ("Average total wager (Antes)", "average_wager")] {
        book.decimal(&figures, row(label), "Value", "Exact", str_of(record, key), &format!("{what} {label}"));
    }
    for (label, key) in [("Standard deviation per Ante", "standard_deviation_per_ante"), ("Standard deviation per initial wager", "standard_deviation_per_initial_wager")] {
        assert_eq!(figures.rows[row(label)][1], Data::Float(str_of(record, key).parse().unwrap()), "{what}: {label}");
    }
    let outcomes = book.table(sheet, "Outcomes").unwrap();
    let mut total = 0;
    for (i, o) in record["outcomes"].as_array().unwrap().iter().enumerate() {
        let what = format!("{what} {}", str_of(o, "outcome"));
        assert_eq!(outcomes.text(i, "Outcome"), str_of(o, "outcome"), "{what}");
        let n = count_of(&o["combinations"]);
        book.count(&outcomes, i, "Combinations", "Combinations (exact)", n, &what);
        book.decimal(&outcomes, i, "Net (Antes)", "Net (exact)", str_of(o, "net"), &what);
        book.percent(&outcomes, i, "Probability", str_of(o, "probability"), &what);
        total += n;
    }
    assert_eq!(total, cycle, "{what}: the outcomes add up to the cycle");
    let strategy = book.table(sheet, "Strategy").unwrap();
    let decisions = record["decisions"].as_array().unwrap();
    assert_eq!(strategy.rows.len(), decisions.len(), "{what}: one row per decision");
    for (i, d) in decisions.iter().enumerate() {
        let what = format!("{what} {}", str_of(d, "situation"));
        assert_eq!(strategy.text(i, "Situation"), str_of(d, "situation"), "{what}");
        assert_eq!(strategy.text(i, "Play"), str_of(d, "play"), "{what}");
        book.count(&strategy, i, "Deals", "Deals (exact)", count_of(&d["deals"]), &what);
        for o in d["options"].as_array().unwrap() {
            let play = str_of(o, "play");
            book.decimal(&strategy, i, &format!("EV {play}"), &format!("EV {play} (exact)"), str_of(o, "expected_net"), &what);
        }
        book.seen.decisions += 1;
    }
    let reading = str_of(record, "reading");
    let table = record["paytable"].as_str();
    check_published(book, sheet, &checks(wager, |c| c["reading"] == reading && (c["paytable"] == "all" || table.is_none_or(|t| c["paytable"] == t))));
}

/// The page a sheet's first link names, relative to the report.
fn page_of(book: &mut Book, sheet: &str) -> String {
    let links = book.xlsx.hyperlinks_by_sheet_name(sheet).unwrap();
    let first = links.iter().find(|l| l.range.start == (1, 0)).unwrap_or_else(|| panic!("{sheet}: no page link under the title"));
    first.target.clone().unwrap()
}

/// Every check of the workbook of the report in `out`.
fn check_workbook(out: &Path) -> Seen {
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let mut book = Book::open(&out.join("report.xlsx"));
    let names = book.xlsx.sheet_names().to_vec();
    assert_eq!(names[0], "Summary");

    // Names Excel accepts: at most 31 UTF-16 units, none of []:*?/\, no apostrophe at either
    // end, unique without regard to case.
    let mut lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    for n in &names {
        assert!(!n.is_empty() && n.encode_utf16().count() <= 31, "{n:?}: too long");
        assert!(!n.contains(['[', ']', ':', '*', '?', '/', '\\']) && !n.starts_with('\'') && !n.ends_with('\''), "{n:?}: a character Excel refuses");
    }
    lower.sort();
    lower.dedup();
    assert_eq!(lower.len(), names.len(), "sheet names are unique: {names:?}");

    // Every sheet keeps its top rows in view, and its columns have widths; every table filters.
    // Every sheet prints in landscape, one page wide, its frozen rows on every page.
    for n in &names {
        let xml = book.sheet_xml(n);
        assert!(xml.contains("state=\"frozen\""), "{n}: no frozen pane");
        assert!(xml.contains("customWidth=\"1\""), "{n}: no column widths");
        assert!(xml.contains("<pageSetUpPr fitToPage=\"1\"/>"), "{n}: not fitted to the page");
        assert!(xml.contains("orientation=\"landscape\"") && xml.contains("fitToHeight=\"0\""), "{n}: not landscape, one page wide");
    }
    let workbook_xml = zip_text(&out.join("report.xlsx"), "xl/workbook.xml");
    for (i, n) in names.iter().enumerate() {
        let quoted = format!("'{}'", n.replace('\'', "''"));
        let titles = format!("<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"{i}\">");
        let at = workbook_xml.find(&titles).unwrap_or_else(|| panic!("{n}: no rows repeated on each printed page"));
        let range = &workbook_xml[at + titles.len()..];
        let range = &range[..range.find("</definedName>").unwrap()];
        let rows = if n == "Summary" { "$1:$1" } else { "$1:$2" };
        assert!(range == format!("{quoted}!{rows}") || range == format!("{n}!{rows}"), "{n}: {range}: the frozen rows do not repeat on each printed page");
    }
    assert!(book.sheet_xml("Summary").contains("<pane ySplit=\"1\" topLeftCell=\"A2\""), "the Summary's header row is frozen");
    // Every table (an Excel table per block of rows) has its filter buttons.
    let mut zip = zip::ZipArchive::new(std::fs::File::open(out.join("report.xlsx")).unwrap()).unwrap();
    let tables: Vec<String> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().to_string()).filter(|f| f.starts_with("xl/tables/")).collect();
    assert!(tables.len() >= names.len(), "{} tables for {} sheets", tables.len(), names.len());
    for t in &tables {
        let mut xml = String::new();
        zip.by_name(t).unwrap().read_to_string(&mut xml).unwrap();
        assert!(xml.contains("<autoFilter ref="), "{t}: no filter");
    }

    // The Summary: every row links to its sheet and to a page that exists.
    let summary = book.table("Summary", "Summary").unwrap();
    let statuses: Vec<String> = report["games"].as_array().unwrap().iter().flat_map(|g| g["wagers"].as_array().unwrap()).flat_map(|w| checks(w, |_| true)).map(|(_, c)| str_of(c, "status").to_string()).collect();
    let links = book.xlsx.hyperlinks_by_sheet_name("Summary").unwrap();
    let (sheet_col, page_col) = (summary.col("Sheet") as u32, summary.col("Page") as u32);
    for r in 0..summary.rows.len() {
        let row = r as u32 + 1;
        let page = links.iter().find(|l| l.range.start == (row, page_col)).unwrap_or_else(|| panic!("summary row {row}: no page link"));
        let target = page.target.as_deref().unwrap();
        assert!(!target.starts_with('/') && !target.contains("://"), "summary row {row}: {target} is not relative");
        assert!(out.join(target).is_file(), "summary row {row}: {target} does not exist");
        let sheet = links.iter().find(|l| l.range.start == (row, sheet_col)).unwrap_or_else(|| panic!("summary row {row}: no sheet link"));
        let location = sheet.location.as_deref().unwrap();
        let name = location.trim_end_matches("!A1").trim_matches('\'');
        assert!(names.iter().any(|n| n == name), "summary row {row}: {location} names no sheet");
        // A published figure as a number beside its text as printed; its status the record's
        // id alone, what it is the status of in the next column.
        let printed = summary.text(r, "Published (as printed)");
        let status = summary.text(r, "Status");
        if printed.is_empty() {
            assert!(status.is_empty() && summary.rows[r][summary.col("Published")] == Data::Empty, "summary row {row}: a status without a figure");
        } else {
            book.printed(&summary, r, "Published", "Published high", &printed, &format!("summary row {row}"));
            assert!(status_id_alone(&status) && statuses.contains(&status), "summary row {row}: status {status:?} is no status id of the record");
            assert!(!summary.text(r, "Published figure").is_empty(), "summary row {row}: what the figure is");
        }
        for col in ["House edge", "Payback", "Hit frequency"] {
            let v = summary.text(r, &format!("{col} (exact)"));
            if v.is_empty() {
                assert_eq!(summary.rows[r][summary.col(col)], Data::Empty, "summary row {row}: {col}");
            } else {
                book.percent(&summary, r, col, &v, &format!("summary row {row}"));
            }
        }
    }

    // Face Up Pai Gow's house ways: `house-ways.csv` and the `House ways` sheet where the report
    // carries them, each row the record's.
    let house_ways: Vec<&Value> = report["games"].as_array().unwrap().iter().flat_map(|g| g["wagers"].as_array().unwrap()).filter_map(|w| w.get("house_ways")).collect();
    assert_eq!(out.join("house-ways.csv").is_file(), !house_ways.is_empty(), "house-ways.csv is written exactly where the report carries house ways");
    assert_eq!(names.iter().any(|n| n == "House ways"), !house_ways.is_empty(), "a House ways sheet exactly where the report carries house ways");
    if let Some(h) = house_ways.first() {
        check_house_ways(&mut book, out, h);
    }

    // Every other sheet against its record.
    for name in &names[1..] {
        if name == "House ways" {
            continue;
        }
        if name == "Provenance" {
            // Where the report carries its provenance: one row per field, date and build first.
            let t = book.table(name, "Provenance").unwrap();
            let fields: Vec<String> = (0..t.rows.len()).map(|i| t.text(i, "Field")).collect();
            assert!(fields.iter().any(|k| k == "date") && fields.iter().any(|k| k == "build"), "provenance fields {fields:?}");
            continue;
        }
        let page = page_of(&mut book, name);
        assert!(out.join(&page).is_file(), "{name}: {page} does not exist");
        let parts: Vec<&str> = page.trim_end_matches(".html").split('/').collect();
        let game = report["games"].as_array().unwrap().iter().find(|g| g["game"] == parts[0]).unwrap();
        let wager = game["wagers"].as_array().unwrap().iter().find(|w| w["id"] == parts[1]).unwrap();
        let strategy_page = |s: &Value| {
            let table = s["paytable"].as_str().filter(|t| *t != "default").map(|t| format!("-{t}")).unwrap_or_default();
            format!("strategy-{}{table}", str_of(s, "reading"))
        };
        match wager["strategy"].as_array().unwrap().iter().find(|s| strategy_page(s) == parts[2]) {
            Some(record) => check_main_sheet(&mut book, name, wager, record),
            None => check_paytable_sheet(&mut book, name, wager, parts[2]),
        }
        book.seen.sheets += 1;
    }
    book.seen
}

/// What the bounds range over, named as every view names it.
const BOUNDS_OVER: &str = "over every house way that sets hands alike by ranks, joker and flush ranks";

/// A percentage with six places as `summary.csv` and `house-ways.csv` write it, against the
/// exact value: within half a unit of its last place.
fn six_places(text: &str, expected: &str, what: &str) {
    let (int, frac) = text.split_once('.').unwrap_or_else(|| panic!("{what}: {text:?} has no six places"));
    assert_eq!(frac.len(), 6, "{what}: {text:?} has no six places");
    let value = exact(&format!("{int}{frac}/100000000"));
    let diff = value - exact(expected);
    let diff = if diff < BigRational::default() { -diff } else { diff };
    assert!(diff <= BigRational::new(1.into(), 200_000_000.into()), "{what}: {text}% is not {expected} to six places");
}

/// `house-ways.csv` and the workbook's `House ways` sheet against the report's `house_ways`
/// record: one row per built-in way (every option of the default way among them, Foxwoods's
/// highest-permissible full-house rule with the house-way player counted), then the bounds over
/// every house way that sets hands alike by ranks, joker and flush ranks; each exact value as
/// the record holds it, each decimal its rounding, each workbook figure a number in a percent
/// format with the exact text beside it.
fn check_house_ways(book: &mut Book, out: &Path, h: &Value) {
    let ways = h["ways"].as_array().unwrap();
    let csv = csv_fields(&std::fs::read_to_string(out.join("house-ways.csv")).unwrap());
    let header = &csv[0];
    let rows = &csv[1..];
    let cell = |r: &Vec<String>, k: &str| r[header.iter().position(|h| h == k).unwrap_or_else(|| panic!("house-ways.csv has no column {k}"))].clone();
    assert_eq!(rows.len(), ways.len() + 2, "house-ways.csv: one row per way and per bound");
    let t = book.table("House ways", "HouseWays").expect("the House ways sheet has its table");
    assert_eq!(t.rows.len(), ways.len() + 2, "House ways: one row per way and per bound");
    let sheet_row = |t: &Tab, way: &str| (0..t.rows.len()).find(|&i| t.text(i, "House way") == way).unwrap_or_else(|| panic!("House ways: no row {way}"));
    let csv_row = |way: &str| rows.iter().find(|r| cell(r, "house_way") == way).unwrap_or_else(|| panic!("house-ways.csv: no row {way}"));
    // A policy's figures: exact in the CSV and beside the workbook's number, or empty in both.
    let figures = |book: &mut Book, r: &Vec<String>, i: usize, f: &Value, csv_prefix: &str, col_prefix: &str, what: &str| {
        for (key, csv_key, col) in [("house_edge", "house_edge", "house edge"), ("payback", "payback", "payback")] {
            let csv_exact = cell(r, &format!("{csv_prefix}_{csv_key}"));
            let csv_percent = cell(r, &format!("{csv_prefix}_{csv_key}_percent"));
            let col = format!("{col_prefix}: {col}");
            match f.get(key).and_then(Value::as_str) {
                Some(v) => {
                    assert_eq!(csv_exact, v, "{what}: {csv_prefix}_{csv_key}");
                    six_places(&csv_percent, v, &format!("{what}: {csv_prefix}_{csv_key}_percent"));
                    book.percent(&t, i, &col, v, what);
                }
                None => {
                    assert!(csv_exact.is_empty() && csv_percent.is_empty(), "{what}: {csv_prefix}_{csv_key} without a figure");
                    assert_eq!(t.rows[i][t.col(&col)], Data::Empty, "{what}: {col} without a figure");
                    assert_eq!(t.text(i, &format!("{col} (exact)")), "", "{what}: {col} (exact) without a figure");
                }
            }
        }
    };
    let mut counted_options = 0;
    for w in ways {
        let spec = str_of(w, "spec");
        let what = format!("house way {spec}");
        let (r, i) = (csv_row(spec), sheet_row(&t, spec));
        for (k, col, v) in [("row", "Row", "way"), ("title", "Title", str_of(w, "title")), ("default_way", "Default way", if w["default_way"] == true { "yes" } else { "" }), ("basis", "Basis", "per Ante")] {
            assert_eq!(cell(r, k), v, "{what}: {k}");
            assert_eq!(t.text(i, col), v, "{what}: {col}");
        }
        figures(book, r, i, &w["optimal_player"], "optimal_player", "Optimal player", &what);
        let hw = &w["house_way_player"];
        figures(book, r, i, if hw.is_null() { &Value::Null } else { hw }, "house_way_player", "House-way player", &what);
        let note = w["house_way_player_note"].as_str().unwrap_or("");
        assert_eq!(cell(r, "house_way_player_note"), note, "{what}: why the house-way player is not counted");
        assert_eq!(t.text(i, "House-way player note"), note, "{what}: House-way player note");
        let alike = str_of(w, "alike_with_dealer_best");
        assert_eq!(cell(r, "alike_with_dealer_best"), alike, "{what}: alike_with_dealer_best");
        six_places(&cell(r, "alike_with_dealer_best_percent"), alike, &what);
        book.percent(&t, i, "Dealer hands set as the dealer-best way", alike, &what);
        for k in ["payback_bound", "over", "published", "published_in_range"] {
            assert_eq!(cell(r, k), "", "{what}: {k} is a bound's");
        }
        if spec.starts_with("foxwoods:") && !hw.is_null() {
            counted_options += 1;
        }
    }
    // The default way's every option, the house-way player counted: Foxwoods's full-house rule
    // as the pair in front (the default) and as the highest permissible.
    let option = "foxwoods:full-house-front=highest-permissible";
    let w = ways.iter().find(|w| w["spec"] == option).unwrap_or_else(|| panic!("report.json holds no {option}"));
    assert!(!w["house_way_player"].is_null() && counted_options >= 2, "{option}: the house-way player is counted");
    assert_eq!(cell(csv_row(option), "house_way_player_house_edge"), str_of(&w["house_way_player"], "house_edge"));
    assert_eq!(t.text(sheet_row(&t, option), "House-way player: house edge (exact)"), str_of(&w["house_way_player"], "house_edge"));
    // The bounds: the optimal player's payback runs from the dealer-best way's (lower) to the
    // dealer-worst way's (upper), over every way a casino could file; with the published figure.
    for (way, key, bound) in [("dealer-best", "dealer_best", "lower"), ("dealer-worst", "dealer_worst", "upper")] {
        let what = format!("bound {way}");
        let (r, i) = (csv_row(way), sheet_row(&t, way));
        for (k, col, v) in [("row", "Row", "bound"), ("payback_bound", "Payback bound", bound), ("over", "Over", BOUNDS_OVER), ("basis", "Basis", "per Ante")] {
            assert_eq!(cell(r, k), v, "{what}: {k}");
            assert_eq!(t.text(i, col), v, "{what}: {col}");
        }
        figures(book, r, i, &h[key], "optimal_player", "Optimal player", &what);
        figures(book, r, i, &Value::Null, "house_way_player", "House-way player", &what);
        let published = h["published"].as_str().unwrap_or("");
        assert_eq!(cell(r, "published"), published, "{what}: published");
        assert_eq!(t.text(i, "Published (as printed)"), published, "{what}: Published (as printed)");
        if !published.is_empty() {
            // A number in a percent format with the printed places, the text as printed beside.
            let c = t.col("Published");
            let Data::Float(x) = t.rows[i][c] else { panic!("{what}: Published is not a number") };
            let number = published.trim_end_matches('%');
            let places = number.split_once('.').map_or(0, |(_, f)| f.len());
            assert!(within_half_ulp(x, &exact(&format!("{}/{}", number.replace('.', ""), 10u128.pow(places as u32 + 2)))), "{what}: Published {x} is not {published}");
            assert_eq!(t.formats[i][c], format!("0.{}%", "0".repeat(places)), "{what}: Published shows the printed places");
            book.seen.printed += 1;
        }
        let inside = h["published_in_range"].as_bool().map_or("", |b| if b { "yes" } else { "no" });
        assert_eq!(cell(r, "published_in_range"), inside, "{what}: published_in_range");
        assert_eq!(t.text(i, "Published in range"), inside, "{what}: Published in range");
    }
    // The record's other tables beside: the default way against the dealer-best way by shape.
    let shapes = book.table("House ways", "Shapes").unwrap();
    let by_shape = h["compared_by_shape"].as_array().unwrap();
    assert_eq!(shapes.rows.len(), by_shape.len(), "House ways: one row per hand shape");
    for (i, x) in by_shape.iter().enumerate() {
        let what = format!("shape {}", str_of(x, "shape"));
        book.count(&shapes, i, "Dealer hands", "Dealer hands (exact)", count_of(&x["dealer_hands"]), &what);
        book.count(&shapes, i, "Set otherwise", "Set otherwise (exact)", count_of(&x["set_otherwise"]), &what);
        book.percent(&shapes, i, "Worth to the optimal player", str_of(x, "worth"), &what);
    }
}

fn report_of(name: &str, games: Option<&[&str]>) -> PathBuf {
    let scratch = std::env::temp_dir().join(format!("parsheet-workbook-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let out = scratch.join("report");
    let mut args = vec!["report".to_string(), "--out".into(), out.display().to_string()];
    if let Some(games) = games {
        let tables = scratch.join("tables");
        std::fs::create_dir_all(&tables).unwrap();
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
        for g in games {
            std::fs::copy(src.join(format!("{g}.json")), tables.join(format!("{g}.json"))).unwrap();
        }
        args.extend(["--tables".into(), tables.display().to_string()]);
    }
    common::ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    out
}

#[test]
fn the_workbook_of_the_fast_games_types_every_cell() {
    let out = report_of("fast", Some(&["over-under", "high-card-flush", "dj-wild", "saigon-5-card"]));
    let seen = check_workbook(&out);
    let names = Book::open(&out.join("report.xlsx")).xlsx.sheet_names().to_vec();
    // Names in words: the game's title, the wager's title without "Wager", the paytable; the
    // game's initials only where the words do not fit in 31 characters.
    for expected in ["DJ Wild Trips Bonus DJWT-04", "High Card Flush Flush Bonus A", "HCF Straight Flush Bonus A", "Over-Under Bonus", "Over-Under Main loses", "Saigon 5 Card Bonus A", "DJ Wild Main"] {
        assert!(names.iter().any(|n| n == expected), "no sheet {expected:?} in {names:?}");
    }
    // High Card Flush's main game deals 7 cards to the player and 7 of the other 45 to the
    // dealer: C(52,7)·C(45,7) ≥ 10^15, so its cycle is the nearest double with the exact digits
    // beside it; DJ Wild's C(53,5)·C(48,5) is a double exactly.
    let mut book = Book::open(&out.join("report.xlsx"));
    let hcf = book.table("High Card Flush Main", "Figures").unwrap();
    let cycle = binomial(52, 7) * binomial(45, 7);
    assert_eq!(hcf.rows[0][1..3], [Data::Float(cycle as f64), Data::String(cycle.to_string())]);
    let dj = book.table("DJ Wild Main", "Figures").unwrap();
    assert_eq!(dj.rows[0][1], Data::Float((binomial(53, 5) * binomial(48, 5)) as f64));
    let planned = names.iter().filter(|n| *n != "Summary" && *n != "Provenance").count();
    assert!(seen.sheets == planned && seen.count_numbers > 500 && seen.count_big >= 2 && seen.percents > 1000 && seen.published >= 30 && seen.printed >= 60 && seen.decisions >= 50, "{seen:?}");
    let _ = std::fs::remove_dir_all(out.parent().unwrap());
}

#[test]
fn the_workbook_of_the_built_in_report() {
    // Cheap where the tests' cache holds the heavy counts (the other report tests fill it).
    let out = report_of("full", None);
    let seen = check_workbook(&out);
    let mut book = Book::open(&out.join("report.xlsx"));
    // Face Up Pai Gow's main game: 7 of 53 cards to the player, 7 of the other 46 to the
    // dealer, C(53,7)·C(46,7) ≥ 10^15 deals: text, exact.
    let names = book.xlsx.sheet_names().to_vec();
    // Its four readings' sheets share one form, every reading's words whole: the longest
    // ("house way natural ace only") leaves no room for "Main" beside the initials.
    for expected in ["FUPG optimal", "FUPG house way", "FUPG optimal natural ace only", "FUPG house way natural ace only"] {
        assert!(names.iter().any(|n| n == expected), "no sheet {expected:?} in {names:?}");
    }
    let figures = book.table("FUPG optimal", "Figures").unwrap();
    let cycle = binomial(53, 7) * binomial(46, 7);
    assert_eq!(figures.rows[0][1..3], [Data::Float(cycle as f64), Data::String(cycle.to_string())]);
    // A column of counts sums (SUM(Combinations) is the cycle to a double's precision), however
    // large the counts.
    let outcomes = book.table("FUPG optimal", "Outcomes").unwrap();
    let c = outcomes.col("Combinations");
    let sum: f64 = outcomes.rows.iter().map(|r| if let Data::Float(x) = r[c] { x } else { panic!("a combinations cell {:?}", r[c]) }).sum();
    assert!((sum - cycle as f64).abs() <= cycle as f64 * 1e-12, "SUM(Combinations) {sum} is not the cycle {cycle}");
    assert!(seen.count_big >= 4 && seen.published >= 100 && seen.printed >= 200, "{seen:?}");
    let _ = std::fs::remove_dir_all(out.parent().unwrap());
}

/// The fields of a CSV file's rows (RFC 4180: quoted fields may hold commas, quotes doubled).
fn csv_fields(text: &str) -> Vec<Vec<String>> {
    let mut rows = vec![];
    let (mut row, mut field, mut quoted, mut chars) = (vec![], String::new(), false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    rows
}

/// Whether a spreadsheet would run `text` as a formula: it begins with `=`, `+`, `-`, `@`, a tab
/// or a carriage return, and is not a number (a decimal, a percentage or an exact fraction).
fn formula_like(text: &str) -> bool {
    let number = |t: &str| t.trim_end_matches('%').parse::<f64>().is_ok() || t.split_once('/').is_some_and(|(n, d)| n.parse::<i128>().is_ok() && d.parse::<u128>().is_ok());
    text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !number(text)
}

#[test]
fn hostile_text_in_a_tables_file_reaches_no_export_as_a_formula() {
    // Ids are restricted to letters, digits, `-` and `_`, but may begin with `-`: `-A1` is a
    // formula (minus cell A1) to a spreadsheet. Titles, hand labels, notes and quotes are free
    // text (control characters, hence tab and CR, are refused at load).
    let hostile = [
        ("title", "=HYPERLINK(\"http://example.invalid/\",\"Over/Under\")"),
        ("6-or-33", "+1+cmd|' /C calc'!A0"),
        ("7-or-32", "@SUM(1+1)*cmd|' /C calc'!A0"),
        ("note", "-2+3+cmd|' /C calc'!A0"),
        ("quote", "=1+1"),
    ];
    let scratch = std::env::temp_dir().join(format!("parsheet-workbook-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let tables = scratch.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables/over-under.json")).unwrap();
    let mut doc: Value = serde_json::from_str(&src.replace("\"default\"", "\"-A1\"")).unwrap();
    doc["title"] = hostile[0].1.into();
    let bonus = &mut doc["wagers"][1];
    for line in bonus["paytables"][0]["lines"].as_array_mut().unwrap() {
        if let Some((_, label)) = hostile.iter().find(|(o, _)| line["outcome"] == *o) {
            line["hand"] = (*label).into();
        }
    }
    // A note longer than a cell may hold (32,767 UTF-16 units): cut, saying so, not a failure.
    bonus["paytables"][0]["notes"] = serde_json::json!([hostile[3].1, "é".repeat(40_000)]);
    bonus["published"][0]["quote"] = hostile[4].1.into();
    std::fs::write(tables.join("over-under.json"), doc.to_string()).unwrap();
    let out = scratch.join("report");
    common::ok(&["report", "--tables", tables.to_str().unwrap(), "--out", out.to_str().unwrap()]);

    // Every CSV cell: no formula, and the hostile texts are there, defused.
    let mut files = vec![out.join("summary.csv")];
    files.extend(std::fs::read_dir(out.join("csv")).unwrap().map(|e| e.unwrap().path()));
    let mut cells = vec![];
    for f in &files {
        cells.extend(csv_fields(&std::fs::read_to_string(f).unwrap()).into_iter().flatten());
    }
    let verify = common::ok(&["verify", "--tables", tables.to_str().unwrap(), "--format", "csv"]);
    cells.extend(csv_fields(&verify).into_iter().flatten());
    for c in &cells {
        assert!(!formula_like(c), "a CSV cell a spreadsheet would run: {c:?}");
    }
    for expected in ["'-A1", "'+1+cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"] {
        assert!(cells.iter().any(|c| c == expected), "no CSV cell {expected:?}");
    }
    // Numbers stay numbers: the losing outcome's return is a negative fraction, unprefixed.
    assert!(cells.iter().any(|c| c.starts_with('-') && c.split_once('/').is_some_and(|(n, d)| n.parse::<i128>().is_ok() && d.parse::<u128>().is_ok())), "no negative fraction left as a number");

    // Every text cell of every sheet that a spreadsheet would run when edited carries the
    // quote prefix (shown as it is, no `'` in the text); no cell holds a formula at all.
    let path = out.join("report.xlsx");
    let mut book = Book::open(&path);
    let (mut texts, mut negative_numbers, mut guarded) = (vec![], 0, 0);
    for (i, name) in book.xlsx.sheet_names().to_vec().iter().enumerate() {
        let range = book.xlsx.worksheet_range(name).unwrap();
        let prefixed = quote_prefixed(&path, i + 1);
        let start = range.start().unwrap_or((0, 0));
        for (r, c, d) in range.used_cells() {
            match d {
                Data::String(s) => {
                    let at = (start.0 + r as u32, start.1 + c as u32);
                    if formula_like(s) {
                        assert!(prefixed.contains(&at), "{name} {at:?}: {s:?} would run when edited: no quote prefix");
                        guarded += 1;
                    }
                    texts.push(s.clone())
                }
                Data::Float(x) if *x < 0.0 => negative_numbers += 1,
                _ => {}
            }
        }
        let formulas = book.xlsx.worksheet_formula(name).unwrap();
        assert!(formulas.used_cells().all(|(_, _, f)| f.is_empty()), "{name}: a formula cell");
    }
    assert!(guarded >= hostile.len(), "{guarded} cells with the quote prefix");
    for (_, h) in &hostile {
        assert!(texts.iter().any(|t| t.contains(h)), "{h:?} is not in the workbook as written");
        assert!(!texts.iter().any(|t| t.contains(&format!("'{h}"))), "{h:?} is shown with an apostrophe");
    }
    let long: Vec<&String> = texts.iter().filter(|t| t.starts_with("éé")).collect();
    assert!(!long.is_empty() && long.iter().all(|t| t.encode_utf16().count() <= 32_767 && t.ends_with("(cut: 40000 characters; the whole text is in report.json)")), "the long note is not cut to a cell");
    // Signed figures stay numbers (the losing outcomes' net and return), and their exact
    // fractions beside them stay unprefixed.
    assert!(negative_numbers > 0, "no negative number cell");
    assert!(texts.iter().any(|t| t.starts_with('-') && t.split_once('/').is_some_and(|(n, d)| n.parse::<i128>().is_ok() && d.parse::<u128>().is_ok())), "no negative exact fraction");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// LibreOffice's command, where it is installed.
fn soffice() -> Option<&'static str> {
    ["soffice", "libreoffice"].into_iter().find(|c| std::process::Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()))
}

/// The pages of a PDF: its page objects (`/Type /Page`, not `/Pages`), which LibreOffice writes
/// uncompressed; `pdfinfo` (poppler) says the same where it is installed.
fn pdf_pages(pdf: &Path) -> usize {
    let bytes = std::fs::read(pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let mut pages = 0;
    for key in ["/Type/Page", "/Type /Page"] {
        pages += text.match_indices(key).filter(|(at, _)| !text[at + key.len()..].starts_with('s')).count();
    }
    if let Ok(out) = std::process::Command::new("pdfinfo").arg(pdf).output() {
        let info = String::from_utf8_lossy(&out.stdout);
        if let Some(n) = info.lines().find_map(|l| l.strip_prefix("Pages:")) {
            assert_eq!(n.trim().parse::<usize>().unwrap(), pages, "pdfinfo counts other pages: {info}");
        }
        if let Some(size) = info.lines().find(|l| l.starts_with("Page size:")) {
            eprintln!("{size}");
        }
    }
    pages
}

#[test]
fn the_workbook_of_the_built_in_report_prints_in_at_most_150_pages() {
    // LibreOffice prints the workbook as it is set up (landscape, one page wide, the title rows
    // on every page): at most 150 pages of the paper it defaults to (A4 or Letter). Without
    // LibreOffice the test skips, saying so, except in CI (`.ci/run` installs it).
    let Some(soffice) = soffice() else {
        assert!(std::env::var_os("CI").is_none(), "CI is set and LibreOffice (soffice) is not installed: install libreoffice-calc");
        eprintln!("skipped: LibreOffice (soffice) is not installed, so the workbook is not printed");
        return;
    };
    let out = report_of("print", None);
    let scratch = out.parent().unwrap();
    // A profile of its own, so a LibreOffice already running (or another test's) is not used.
    let profile = scratch.join("libreoffice-profile");
    let status = std::process::Command::new(soffice)
        .arg(format!("-env:UserInstallation=file://{}", profile.display()))
        .args(["--headless", "--norestore", "--convert-to", "pdf", "--outdir"])
        .arg(scratch)
        .arg(out.join("report.xlsx"))
        .output()
        .unwrap();
    let pdf = scratch.join("report.pdf");
    assert!(status.status.success() && pdf.is_file(), "LibreOffice did not print the workbook: {}{}", String::from_utf8_lossy(&status.stdout), String::from_utf8_lossy(&status.stderr));
    let pages = pdf_pages(&pdf);
    eprintln!("the full report's workbook prints on {pages} pages");
    // At least a page per sheet; at most 150 in all.
    let sheets = Book::open(&out.join("report.xlsx")).xlsx.sheet_names().len();
    assert!(pages >= sheets && pages <= 150, "the workbook prints on {pages} pages ({sheets} sheets)");
    let _ = std::fs::remove_dir_all(scratch);
}
