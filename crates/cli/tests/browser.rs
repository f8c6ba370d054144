//! The hold report as a new reader opens it: every page rendered by headless Chromium at 1280 px
//! must not scroll sideways, must be at most 20,000 px tall, and every link must lead to a page
//! (and an anchor) that exists. No page may load anything from outside the report.
//!
//! To fit CI, the report covers the tables of a few games chosen so that every kind of page
//! appears: the index, wager pages, PAR sheets with several readings, a reading the notes reject,
//! progressive model pages, main-game strategy pages and a wager without a paytable.
//! `PARSHEET_BROWSER_FULL=1` renders the report of every built-in table instead.
//!
//! Chromium comes from the distribution (`apt-get install chromium`; `.ci/run` installs it).
//! Without it the test fails, saying so; `PARSHEET_SKIP_BROWSER=1` skips it deliberately.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const GAMES: [&str; 3] = ["over-under", "dj-wild", "high-card-flush"];
const WIDTH: u32 = 1280;
const MAX_HEIGHT: u64 = 20_000;

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

/// (scrollWidth, scrollHeight, clientWidth, inner boxes wider than themselves) of a page, as
/// Chromium lays it out at 1280 px: a copy of the page reports them into its own DOM, which
/// `--dump-dom` prints.
fn measure(browser: &str, profile: &Path, page: &Path, scratch: &Path) -> Result<(u64, u64, u64, u64), String> {
    let script = "<script>(function(){var d=document.documentElement;var inner=0;document.querySelectorAll('.wide').forEach(function(e){if(e.scrollWidth>e.clientWidth+1)inner++;});\
document.body.setAttribute('data-measure',[d.scrollWidth,d.scrollHeight,d.clientWidth,inner].join(' '));})();</script></body>";
    let html = std::fs::read_to_string(page).unwrap().replace("</body>", script);
    // Beside the original, so that relative links resolve the same way.
    let copy = page.with_file_name(format!(".measure-{}", page.file_name().unwrap().to_string_lossy()));
    std::fs::write(&copy, html).unwrap();
    let out = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--window-size={WIDTH},900"))
        .arg("--dump-dom")
        .arg(format!("file://{}", copy.canonicalize().unwrap().display()))
        .current_dir(scratch)
        .output()
        .map_err(|e| format!("cannot run {browser}: {e}"))?;
    std::fs::remove_file(&copy).unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let measured = attributes(&dom, "data-measure").into_iter().next().ok_or_else(|| format!("{browser} printed no measurement for {}: {}", page.display(), String::from_utf8_lossy(&out.stderr)))?;
    let v: Vec<u64> = measured.split(' ').map(|x| x.parse().unwrap()).collect();
    Ok((v[0], v[1], v[2], v[3]))
}

#[test]
fn every_page_fits_1280_px_and_every_link_works() {
    if std::env::var_os("PARSHEET_SKIP_BROWSER").is_some() {
        eprintln!("PARSHEET_SKIP_BROWSER is set: the browser test is skipped");
        return;
    }
    let browser = chromium().expect("no Chromium found: install it (apt-get install chromium, as .ci/run does) or set CHROMIUM=<binary>; PARSHEET_SKIP_BROWSER=1 skips this test");
    let scratch = std::env::temp_dir().join(format!("parsheet-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let report = scratch.join("report");
    let mut args = vec!["report".to_string(), "--out".into(), report.display().to_string()];
    if std::env::var_os("PARSHEET_BROWSER_FULL").is_none() {
        let tables = scratch.join("tables");
        std::fs::create_dir_all(&tables).unwrap();
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
        for g in GAMES {
            std::fs::copy(src.join(format!("{g}.json")), tables.join(format!("{g}.json"))).unwrap();
        }
        args.extend(["--tables".into(), tables.display().to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::ok(&args);
    let pages = html_files(&report);
    // Every kind of page is there.
    let names: Vec<String> = pages.iter().map(|p| p.strip_prefix(&report).unwrap().display().to_string()).collect();
    for kind in ["index.html", "dj-wild/bad-beat/DJWBB-01.html", "dj-wild/progressive/1.html", "over-under/base/strategy-opposite-range-loses.html", "high-card-flush/flush-bonus.html"] {
        assert!(names.iter().any(|n| n == kind), "the report has no {kind}; pages: {names:?}");
    }
    let mut problems = broken_links(&report, &pages);
    let profile = scratch.join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    // The measurement can fail: a control page that is too wide and too tall is caught.
    let control = scratch.join("control.html");
    std::fs::write(&control, "<!DOCTYPE html><html><body><div style=\"width:2000px;height:25000px\">x</div></body></html>").unwrap();
    let (w, h, c, _) = measure(&browser, &profile, &control, &scratch).unwrap();
    assert!(w > c && h > MAX_HEIGHT, "the control page measured {w}x{h} in a {c} px window");
    let bad = scratch.join("bad.html");
    std::fs::write(&bad, "<a href=\"missing.html\">x</a><a href=\"#nowhere\">y</a><img src=\"http://example.com/x.png\">").unwrap();
    assert_eq!(broken_links(&scratch, std::slice::from_ref(&bad)).len(), 3, "the control links are caught");
    for (page, name) in pages.iter().zip(&names) {
        match measure(&browser, &profile, page, &scratch) {
            Err(e) => problems.push(e),
            Ok((width, height, client, inner)) => {
                if width > client {
                    problems.push(format!("{name}: {width} px wide, wider than the {client} px window"));
                }
                if height > MAX_HEIGHT {
                    problems.push(format!("{name}: {height} px tall, over {MAX_HEIGHT}"));
                }
                if inner > 0 {
                    problems.push(format!("{name}: {inner} table(s) wider than the page, scrolling sideways"));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
