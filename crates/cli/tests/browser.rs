//! The hold report as a reader opens it, on a phone and on a desktop: every page of the whole
//! report, rendered by headless Chromium in a 390 px and a 1280 px wide viewport, must not scroll
//! sideways (a wide table scrolls inside its own box), its chart text must be at least 11 px as
//! rendered, and at 1280 px no table may need its box's scrolling and no page be over 20,000 px
//! tall. Every link must lead to a page (and an anchor) that exists, and no page may load
//! anything from outside the report.
//!
//! One Chromium process measures every page at one width: a harness page holds each report page
//! in an iframe of that width (an iframe is its page's viewport, media queries included) and
//! writes the measurements into its own DOM, which `--dump-dom` prints. Control pages (too wide,
//! too tall, chart text scaled down to 5 px) show that each measurement can fail.
//!
//! Chromium comes from the distribution (`apt-get install chromium`; `.ci/run` installs it where
//! it may). Without it the test fails when `CI` is set, and otherwise skips, saying so.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const WIDTHS: [u32; 2] = [390, 1280];
const DESKTOP: u32 = 1280;
const MAX_HEIGHT: u64 = 20_000;
const MIN_CHART_TEXT_PX: f64 = 11.0;

fn chromium() -> Option<String> {
    let candidates = std::env::var("CHROMIUM").into_iter().chain(["chromium", "chromium-browser", "google-chrome"].map(String::from));
    candidates.into_iter().find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()))
}

fn html_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The values of `attr="..."` in `html`.
fn attributes<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let pat = format!(" {attr}=\"");
    html.match_indices(&pat).filter_map(|(i, _)| html[i + pat.len()..].split('"').next()).collect()
}

/// Checks every link of every page: a relative path to a file of the report, and where it names
/// an anchor, an element with that id. Returns the problems.
fn broken_links(root: &Path, pages: &[PathBuf]) -> Vec<String> {
    let mut ids: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    for p in pages {
        let html = std::fs::read_to_string(p).unwrap();
        ids.insert(p.canonicalize().unwrap(), attributes(&html, "id").into_iter().map(String::from).collect());
    }
    let mut problems = Vec::new();
    for p in pages {
        let html = std::fs::read_to_string(p).unwrap();
        let name = p.strip_prefix(root).unwrap().display().to_string();
        for src in attributes(&html, "src") {
            problems.push(format!("{name}: loads {src}: pages must not load anything"));
        }
        for href in attributes(&html, "href") {
            if href.contains("://") || href.starts_with("//") {
                problems.push(format!("{name}: links outside the report: {href}"));
                continue;
            }
            let (file, anchor) = href.split_once('#').map_or((href, None), |(f, a)| (f, Some(a)));
            let target = if file.is_empty() { p.clone() } else { p.parent().unwrap().join(file.replace("&amp;", "&")) };
            let Ok(target) = target.canonicalize() else {
                problems.push(format!("{name}: broken link {href}"));
                continue;
            };
            if !target.starts_with(root.canonicalize().unwrap()) {
                problems.push(format!("{name}: links outside the report: {href}"));
            }
            if let Some(a) = anchor {
                if !ids.get(&target).is_some_and(|ids| ids.contains(a)) {
                    problems.push(format!("{name}: no anchor #{a} in {file}"));
                }
            }
        }
    }
    problems
}

/// What Chromium measured of one page in a viewport `width` px wide.
#[derive(Debug)]
struct Measured {
    page: String,
    /// The document's scrollWidth and clientWidth: wider means the page scrolls sideways.
    scroll_width: u64,
    client_width: u64,
    scroll_height: u64,
    /// Table boxes (`.wide`) whose content is wider than they are.
    scrolling_boxes: u64,
    /// Visible chart text elements, and the smallest of their sizes as rendered (font size times
    /// the SVG's scale on screen).
    chart_texts: u64,
    min_chart_text_px: f64,
}

/// Measures `pages` (paths relative to `dir`) in viewports `width` px wide, in one Chromium run.
fn measure(browser: &str, dir: &Path, pages: &[String], width: u32) -> Result<Vec<Measured>, String> {
    let frames: String = pages.iter().map(|p| format!("<iframe style=\"width:{width}px;height:900px;border:0;display:block\" src=\"{p}\"></iframe>")).collect();
    let script = "<script>window.addEventListener('load',function(){var out=[];document.querySelectorAll('iframe').forEach(function(f){\
var d=f.contentDocument;if(!d||!d.documentElement){out.push([f.getAttribute('src'),-1,0,0,0,0,0]);return;}var e=d.documentElement;\
var boxes=0;d.querySelectorAll('.wide').forEach(function(b){if(b.scrollWidth>b.clientWidth+1)boxes++;});\
var n=0,min=1e9;d.querySelectorAll('svg text').forEach(function(t){if(t.getClientRects().length==0)return;var m=t.getScreenCTM();\
var px=parseFloat(d.defaultView.getComputedStyle(t).fontSize)*Math.hypot(m.a,m.b);n++;if(px<min)min=px;});\
out.push([f.getAttribute('src'),e.scrollWidth,e.clientWidth,e.scrollHeight,boxes,n,n?min:0]);});\
document.body.setAttribute('data-measure',JSON.stringify(out));});</script>";
    let harness = dir.join(format!(".measure-{width}.html"));
    std::fs::write(&harness, format!("<!DOCTYPE html><html><body>{frames}{script}</body></html>")).unwrap();
    let profile = dir.join(format!(".profile-{width}"));
    let out = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--allow-file-access-from-files"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--window-size=1400,900")
        .arg("--dump-dom")
        .arg(format!("file://{}", harness.canonicalize().unwrap().display()))
        .output()
        .map_err(|e| format!("cannot run {browser}: {e}"))?;
    let _ = std::fs::remove_file(&harness);
    let _ = std::fs::remove_dir_all(&profile);
    let dom = String::from_utf8_lossy(&out.stdout);
    let measured = attributes(&dom, "data-measure").into_iter().next().ok_or_else(|| format!("{browser} printed no measurement: {}", String::from_utf8_lossy(&out.stderr)))?;
    let rows: serde_json::Value = serde_json::from_str(&measured.replace("&quot;", "\"").replace("&amp;", "&")).map_err(|e| format!("unreadable measurement {measured}: {e}"))?;
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), pages.len(), "one measurement per page");
    rows.iter()
        .map(|r| {
            let v = |i: usize| r[i].as_f64().unwrap();
            if v(1) < 0.0 {
                return Err(format!("{}: Chromium could not open the page in a frame", r[0]));
            }
            Ok(Measured {
                page: r[0].as_str().unwrap().to_string(),
                scroll_width: v(1) as u64,
                client_width: v(2) as u64,
                scroll_height: v(3) as u64,
                scrolling_boxes: v(4) as u64,
                chart_texts: v(5) as u64,
                min_chart_text_px: v(6),
            })
        })
        .collect()
}

/// The problems of one page at one width.
fn problems_of(m: &Measured, width: u32) -> Vec<String> {
    let mut out = Vec::new();
    let at = format!("{} at {width} px", m.page);
    if m.client_width != width as u64 {
        out.push(format!("{at}: measured in a {} px viewport", m.client_width));
    }
    if m.scroll_width > m.client_width {
        out.push(format!("{at}: {} px wide, scrolls sideways", m.scroll_width));
    }
    if m.chart_texts > 0 && m.min_chart_text_px < MIN_CHART_TEXT_PX {
        out.push(format!("{at}: chart text {:.1} px as rendered, under {MIN_CHART_TEXT_PX}", m.min_chart_text_px));
    }
    if width == DESKTOP {
        if m.scroll_height > MAX_HEIGHT {
            out.push(format!("{at}: {} px tall, over {MAX_HEIGHT}", m.scroll_height));
        }
        if m.scrolling_boxes > 0 {
            out.push(format!("{at}: {} table(s) wider than the page, scrolling in their box", m.scrolling_boxes));
        }
    }
    out
}

/// The whole report, written once for this test program (both tests read it).
fn the_report() -> &'static Path {
    static REPORT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    REPORT.get_or_init(|| {
        let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parsheet-browser");
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).unwrap();
        let report = scratch.join("report");
        common::ok(&["report", "--out", report.to_str().unwrap()]);
        report
    })
}

/// The percentage on the line of `parsheet ARGS`'s output that starts with `label`.
fn ok_percent(args: &[&str], label: &str) -> f64 {
    let out = common::ok(args);
    let line = out.lines().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("no {label}: {out}"));
    line[label.len()..].split_whitespace().next().unwrap().trim_end_matches('%').parse().unwrap()
}

fn page(path: &str) -> String {
    std::fs::read_to_string(the_report().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The percentages of the cells of the rows of the first table after `heading` in `html`.
fn table_after(html: &str, heading: &str) -> Vec<Vec<f64>> {
    let at = html.find(heading).unwrap_or_else(|| panic!("no {heading:?}"));
    let table = &html[at..];
    let table = &table[..table.find("</table>").unwrap()];
    table
        .split("<tr>")
        .skip(2)
        .map(|row| row.split("<td").skip(1).filter_map(|c| c.split('>').nth(1)?.split('<').next()?.trim_end_matches('%').parse().ok()).collect())
        .collect()
}

/// What the pages promise, without a browser: the charts draw the published figures and
/// ranges their legends name, Envy is shown by the number of other players, and notes show
/// their marks rather than literal markup.
#[test]
fn the_pages_draw_and_say_what_they_promise() {
    // The three computed wagers with a published range (the regulator's text) draw it as a band.
    for (path, range) in [("high-card-flush/flush-bonus.html", "5.3% to 11.1%"), ("high-card-flush/straight-flush-bonus.html", "6.6% to 13.0%"), ("heads-up-holdem/trips-plus.html", "0.75% to 4.34%")] {
        let html = page(path);
        assert!(html.contains(&format!("published range hold {range}")) && html.contains("red band: the published range"), "{path} draws no band for {range}");
    }
    // A figure published for one paytable is a red line on its bar (DJ Wild's Trips Bonus
    // tables each have one).
    assert!(page("dj-wild/trips-bonus.html").contains("red line: the published figure"));
    // Envy by the number of other players, 0 to 5, at the least Qualifying Wager ($5): the row of
    // three players is what `progressive` computes through the whole model with three other
    // players and a $5 wager (a separate path), and each player adds the same Envy.
    let fortune = page("face-up-pai-gow/fortune-bonus/1.html");
    let rows = table_after(&fortune, "Envy by the number of other players");
    assert_eq!(rows.iter().map(|r| r[0] as u32).collect::<Vec<_>>(), (0..=5).collect::<Vec<_>>(), "{rows:?}");
    let model = ok_percent(&["progressive", "face-up-pai-gow", "fortune-bonus", "--paytable", "1", "--variant", "straight-over-trips", "--players", "3", "--wager", "5"], "long-run payback");
    assert!((rows[3][2] - model).abs() < 1e-9, "3 players: {} on the page, {model} from the model", rows[3][2]);
    for r in &rows {
        assert!((r[1] - r[0] * rows[1][1]).abs() < 1e-3 && (r[2] - rows[0][2] - r[1]).abs() < 2e-4, "{rows:?}");
    }
    // Notes: code spans and amended cells' underlines are shown as such, never as markup text.
    for p in html_files(the_report()) {
        let html = std::fs::read_to_string(&p).unwrap();
        let name = p.display();
        assert!(!html.contains("&lt;u&gt;") && !html.contains(" 1 Antes") && !html.contains("The approved paytables:</p><ul></ul>"), "{name}");
        let text: String = html.split('<').map(|t| t.split_once('>').map_or(t, |x| x.1)).collect();
        assert!(!text.contains('`'), "{name} shows a literal backtick");
    }
    assert!(page("high-card-flush/flush-bonus/D.html").contains("<ins>500</ins>"), "the adopted cell is underlined");
}

#[test]
fn every_page_fits_390_and_1280_px_and_every_link_works() {
    let Some(browser) = chromium() else {
        if std::env::var_os("CI").is_some() {
            panic!("CI is set and no Chromium was found: install it (apt-get install chromium, as .ci/run does) or set CHROMIUM=<binary>");
        }
        eprintln!("browser test SKIPPED: no Chromium found (apt-get install chromium, or set CHROMIUM=<binary>); with CI set this fails");
        return;
    };
    let scratch = the_report().parent().unwrap().to_path_buf();
    let report = the_report().to_path_buf();
    let pages = html_files(&report);
    // Every kind of page is there.
    let names: Vec<String> = pages.iter().map(|p| p.strip_prefix(&report).unwrap().display().to_string()).collect();
    for kind in [
        "index.html",
        "dj-wild/bad-beat/DJWBB-01.html",
        "dj-wild/progressive/1.html",
        "over-under/base/strategy-opposite-range-loses.html",
        "high-card-flush/flush-bonus.html",
        "heads-up-holdem/bad-beat.html",
        "face-up-pai-gow/fortune-bonus.html",
    ] {
        assert!(names.iter().any(|n| n == kind), "the report has no {kind}; pages: {names:?}");
    }
    let mut problems = broken_links(&report, &pages);
    let bad = scratch.join("bad.html");
    std::fs::write(&bad, "<a href=\"missing.html\">x</a><a href=\"#nowhere\">y</a><img src=\"http://example.com/x.png\">").unwrap();
    assert_eq!(broken_links(&scratch, std::slice::from_ref(&bad)).len(), 3, "the control links are caught");
    // Control pages: too wide and too tall; a chart scaled down to 5 px text; a table box that
    // scrolls at 1280 px.
    std::fs::write(scratch.join("control-wide.html"), "<!DOCTYPE html><html><body><div style=\"width:2000px;height:25000px\">x</div></body></html>").unwrap();
    std::fs::write(scratch.join("control-chart.html"), "<!DOCTYPE html><html><body><svg viewBox=\"0 0 2000 100\" style=\"width:100%\" font-size=\"12\"><text x=\"0\" y=\"50\">x</text></svg><div class=\"wide\" style=\"overflow-x:auto\"><table><tr><td style=\"white-space:nowrap\">".to_string() + &"wide ".repeat(400) + "</td></tr></table></div></body></html>").unwrap();
    let controls = ["control-wide.html".to_string(), "control-chart.html".to_string()];
    let targets: Vec<String> = names.iter().map(|n| format!("report/{n}")).chain(controls.iter().cloned()).collect();
    for width in WIDTHS {
        let measured = measure(&browser, &scratch, &targets, width).unwrap_or_else(|e| panic!("{e}"));
        let (pages, controls) = measured.split_at(names.len());
        let control = |m: &Measured| problems_of(m, width).join("; ");
        let wide = control(&controls[0]);
        assert!(wide.contains("scrolls sideways") && (width != DESKTOP || wide.contains("tall")), "the wide control page passed at {width} px: {controls:?}");
        let chart = control(&controls[1]);
        assert!(chart.contains("chart text") && (width != DESKTOP || chart.contains("scrolling in their box")), "the chart control page passed at {width} px: {controls:?}");
        assert!(pages.iter().any(|m| m.chart_texts > 0), "no chart text measured at {width} px");
        for m in pages {
            problems.extend(problems_of(m, width));
        }
        eprintln!("browser: {} pages at {width} px measured", pages.len());
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
