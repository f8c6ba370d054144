//! `parsheet report`: the hold report, PAR sheets for every game, wager and paytable.
//!
//! The report is built once as a JSON document (schema `parsheet-report/1`, documented in
//! `docs/REPORT.md`) and every other format is rendered from that document, so the HTML site, the
//! Markdown, the CSV files and the JSON can never disagree.

mod chart;
mod format;
mod render;
mod rows;
mod xlsx;

use std::path::{Path, PathBuf};

use parsheet_paytable::{analyze, fraction, Decimal};
use parsheet_tables::GameTables;
use serde_json::{json, Value};

use crate::explain::explain_one;
use crate::progress::Progress;
use crate::figure::Status;
use crate::verify::{counts_of, figure_checks, Counted};
use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the report (created if missing; a previous report there is replaced as a
    /// whole, and only once the new one is complete).
    #[arg(long, default_value = "report")]
    out: PathBuf,
    /// Largest whole-number pay tried when explaining a mismatch (at most 1000000).
    #[arg(long, default_value_t = 100_000)]
    max_pay: u64,
    /// A one-off paytable added to the one wager whose outcomes it names (see `analyze --pays`).
    #[command(flatten)]
    pays: crate::pays::PaysArg,
    /// Also solve Face Up Pai Gow's main game against this house way (a name from house-ways/ or
    /// a JSON file): an exact full-deck count, about 3 to 5 minutes on two cores.
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub cache: crate::store::CacheArgs,
}

pub const SCHEMA: &str = "parsheet-report/1";

/// Builds the report document for `games`.
pub fn build(games: &[GameTables], source: &str, max_pay: u64, progress: &Progress) -> Value {
    let mut counted = Counted::new();
    let mut done = 0;
    let games: Vec<Value> = games
        .iter()
        .map(|g| {
            let wagers: Vec<Value> = g
                .wagers
                .iter()
                .map(|w| {
                    let v = wager(g, w, &mut counted, max_pay);
                    done += 1;
                    progress.set(done);
                    v
                })
                .collect();
            json!({"game": g.game, "title": g.title, "chapter": g.chapter, "rulemaking": g.rulemaking, "file": g.file, "wagers": wagers})
        })
        .collect();
    json!({"schema": SCHEMA, "generator": format!("parsheet {}", env!("CARGO_PKG_VERSION")), "tables": source, "games": games})
}

fn wager(g: &GameTables, w: &parsheet_tables::WagerTables, counted: &mut Counted, max_pay: u64) -> Value {
    let known = parsheet_games::find(&g.game, &w.id).ok();
    let readings: Vec<Value> = known.map_or(vec![], |k| k.variants.iter().map(|v| json!({"id": v.id, "description": v.description})).collect());
    let mut sheets = Vec::new();
    if let Some(k) = known {
        let variants: Vec<Option<&str>> = if k.variants.is_empty() { vec![None] } else { k.variants.iter().map(|v| Some(v.id)).collect() };
        for variant in variants {
            let counts = counts_of(counted, k, variant);
            let outcomes: Vec<Value> = counts
                .rows()
                .iter()
                .map(|(o, n)| {
                    let p = num_rational::BigRational::new((*n).into(), counts.cycle().into());
                    let one_in = (*n > 0).then(|| Decimal(&p.recip()).with_places(2));
                    json!({"outcome": o, "combinations": n.to_string(), "probability": fraction(&p), "probability_decimal": Decimal(&p).with_places(12), "one_in": one_in})
                })
                .collect();
            let tables: Vec<Value> = w
                .paytables
                .iter()
                .map(|p| {
                    let base = json!({"id": p.table.id, "section": p.section, "notes": p.notes,
                        "terms": p.terms.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
                        "pays": p.table.lines.iter().map(|l| (l.outcome.clone(), json!(l.pay.to_string()))).collect::<serde_json::Map<_, _>>()});
                    let mut base = base;
                    base["hands"] = p.hands.iter().map(|(o, h)| (o.clone(), json!(h))).collect::<serde_json::Map<_, _>>().into();
                    base["reading_flag"] = json!(reading_flag(w, p, k, variant));
                    if crate::progressive::needs_model(p) {
                        base["model"] = model(&g.game, counts, p);
                    }
                    match analyze(counts, &p.table) {
                        Err(e) => base["error"] = json!(e.to_string()),
                        Ok(a) => {
                            base["error"] = Value::Null;
                            base["returns"] = a.rows.iter().map(|r| (r.outcome.clone(), json!(fraction(&r.contribution)))).collect::<serde_json::Map<_, _>>().into();
                            base["returns_decimal"] = a.rows.iter().map(|r| (r.outcome.clone(), json!(Decimal(&r.contribution).with_places(8)))).collect::<serde_json::Map<_, _>>().into();
                            base["house_edge"] = json!(fraction(&a.house_edge));
                            base["house_edge_percent"] = json!(Decimal(&a.house_edge).percent(6));
                            base["payback"] = json!(fraction(&a.payback));
                            base["payback_percent"] = json!(Decimal(&a.payback).percent(6));
                            base["hit_frequency"] = json!(fraction(&a.hit_frequency));
                            base["hit_frequency_percent"] = json!(Decimal(&a.hit_frequency).percent(4));
                            base["variance"] = json!(fraction(&a.variance));
                            base["standard_deviation"] = json!(format!("{:.6}", a.standard_deviation()));
                        }
                    }
                    base
                })
                .collect();
            sheets.push(json!({"reading": variant, "cycle": counts.cycle().to_string(), "outcomes": outcomes, "paytables": tables}));
        }
    }
    let solved = parsheet_games::strategy::strategy_of_wager(&g.game, &w.id);
    let strategy: Vec<Value> = solved.map_or(vec![], |sg| {
        // One solution per reading, and per paytable where the strategy plays one.
        let tables: Vec<Option<&str>> = if sg.needs_paytable() { w.paytables.iter().map(|p| Some(p.table.id.as_str())).collect() } else { vec![None] };
        sg.variants
            .iter()
            .flat_map(|v| tables.iter().map(move |t| (v, *t)))
            .filter_map(|(v, t)| {
                // Heads-Up Hold 'Em: the Bad Beat table where the tables hold exactly one.
                let bonus = sg.bonus_wager.and_then(|b| crate::heads_up::bad_beat_table(g, b, None).ok().flatten());
                let s = crate::verify::solve_main_with(sg, v.id, w, t, bonus).ok()?;
                let mut m = serde_json::Map::new();
                m.insert("reading".into(), json!(v.id));
                m.insert("paytable".into(), json!(t));
                m.insert("plays".into(), json!(s.plays()));
                m.insert("decisions".into(), Value::Array(crate::main_game::decisions_json(&s)));
                m.extend(crate::main_game::summary_json(&s));
                m.insert("actions".into(), Value::Array(crate::main_game::actions_json(&s)));
                Some(Value::Object(m))
            })
            .collect()
    });
    let published: Vec<Value> = w
        .published
        .iter()
        .map(|f| {
            let printed = match (&f.value, &f.range) {
                (Some(v), _) => v.text.clone(),
                (_, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
                _ => unreachable!(),
            };
            let checks: Vec<Value> = figure_checks(&g.game, w, f, counted)
                .into_iter()
                .map(|c| {
                    let mut explanations = Vec::new();
                    if c.status == Status::Differs && c.misprint.is_none() {
                        if let (Some(k), Some(v), Some(p)) = (known, &f.value, w.paytables.iter().find(|p| p.table.id == c.paytable)) {
                            let siblings: Vec<&parsheet_paytable::Paytable> = w.paytables.iter().filter(|o| o.table.id != p.table.id).map(|o| &o.table).collect();
                            explanations = explain_one(counts_of(counted, k, c.variant.as_deref()), &p.table, &siblings, f.kind, v, max_pay);
                        }
                    }
                    json!({"reading": c.variant, "paytable": c.paytable, "computed": c.computed.as_ref().map(fraction),
                        "computed_percent": c.computed.as_ref().map(|v| Decimal(v).percent(c.places + 3)),
                        "status": c.status.name(), "detail": c.detail, "misprint_corrected": c.misprint, "explanations": explanations})
                })
                .collect();
            json!({"paytable": f.paytable, "kind": f.kind.name(), "printed": printed, "section": f.section, "quote": f.quote, "note": f.note, "checks": checks})
        })
        .collect();
    json!({
        "id": w.id, "title": w.title, "section": w.section,
        "rules": known.map(|k| k.rules).or(solved.map(|s| s.rules)), "deal": known.map(|k| k.deal).or(solved.map(|s| s.deal)),
        "computed": known.is_some() || solved.is_some_and(|sg| !sg.needs_house_way() || crate::main_game::HOUSE_WAY.get().is_some()),
        "reason": match (known, solved) {
            (Some(_), _) => Value::Null,
            (None, Some(sg)) if sg.needs_house_way() && crate::main_game::HOUSE_WAY.get().is_none() => json!(crate::main_game::not_computed_yet(sg)),
            (None, Some(_)) => Value::Null,
            (None, None) => json!("parsheet does not compute this wager yet"),
        },
        "strategy": strategy,
        "notes": w.notes, "readings": readings,
        "rejected_readings": w.rejected_readings.iter().map(|(r, n)| json!({"reading": r, "note": n})).collect::<Vec<_>>(),
        "sheets": sheets,
        "paytables": w.paytables.iter().map(|p| json!({"id": p.table.id, "section": p.section, "terms": p.terms.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(), "notes": p.notes,
            "lines": p.table.lines.iter().map(|l| json!({"outcome": l.outcome, "hand": p.hand(&l.outcome), "pays": l.pay.to_string(),
                "envy": p.envy.iter().find(|e| e.0 == l.outcome).map(|e| e.1.to_string())})).collect::<Vec<_>>()})).collect::<Vec<_>>(),
        "published": published,
    })
}

/// Why a reading of a paytable is not the one to quote, if it is not: the notes reject it, or
/// the table prints another reading for itself.
fn reading_flag(w: &parsheet_tables::WagerTables, p: &parsheet_tables::PaytableEntry, k: &parsheet_games::Wager, variant: Option<&str>) -> Option<String> {
    let variant = variant?;
    if let Some((_, note)) = w.rejected_readings.iter().find(|(r, _)| r == variant) {
        return Some(format!("reading rejected by the notes: {note}"));
    }
    let printed = p.reading.as_deref()?;
    (p.reading(None, k) != Some(variant)).then(|| format!("not the table's reading: the table prints {printed}"))
}

/// The progressive model of a paytable with meter or dollar pays or an Envy column, under the
/// printed terms (and the assumptions `verify` makes, said in words): what a PAR sheet of a
/// progressive shows instead of one house edge.
fn model(game: &str, counts: &parsheet_paytable::OutcomeCounts, p: &parsheet_tables::PaytableEntry) -> Value {
    let (m, said) = match crate::progressive::model_with_printed_terms(game, counts, p) {
        Ok(x) => x,
        Err(e) => return json!({"error": e}),
    };
    let pct = |r: &num_rational::BigRational| Decimal(r).percent(6);
    let meter = m.terms.reset_or_seed().cloned();
    json!({
        "error": null,
        "assumptions": said,
        "fixed_return": fraction(&m.fixed_return), "fixed_return_percent": pct(&m.fixed_return),
        "envy_percent": pct(&m.envy),
        "per_meter_dollar": fraction(&m.per_meter_dollar),
        "long_run": m.long_run().as_ref().map(fraction), "long_run_percent": m.long_run().as_ref().map(pct),
        "long_run_without_rate_percent": pct(&m.long_run_without_rate()),
        "break_even_meter": m.break_even_meter().filter(num_traits::Signed::is_positive).map(|b| crate::progressive::money(&b)),
        "meter": meter.as_ref().map(crate::progressive::money),
        "payback_at_meter_percent": meter.as_ref().filter(|_| !m.awards.is_empty()).map(|v| pct(&m.payback_at(v))),
        "awards": m.awards.iter().map(|a| json!({"outcome": a.outcome, "pays": parsheet_paytable::Pay::PercentOfMeter(a.share.clone()).to_string(),
            "probability": fraction(&a.probability), "one_in": a.one_in.as_ref().map(|n| Decimal(n).with_places(2))})).collect::<Vec<_>>(),
    })
}

pub fn run(args: Args) -> Result<(), String> {
    crate::check_max_pay(args.max_pay)?;
    crate::main_game::use_house_way(args.house_way.as_deref())?;
    // Held until the report is in place (or the run fails): one run at a time per directory.
    let lock = crate::output::lock_tree(&args.out)?;
    // Refused before the long build, and checked again when the report is moved into place.
    crate::output::check_tree_target(&args.out)?;
    let mut games = args.tables.load()?;
    let mut source = args.tables.source();
    if let Some(spec) = &args.pays.pays {
        let (game, wager) = crate::pays::wager_of(&games, spec)?;
        let id = crate::pays::add(&mut games, &game, &wager, spec, None)?;
        source += &format!(", with paytable {id} of {game} {wager} from --pays");
    }
    let wagers: usize = games.iter().map(|g| g.wagers.len()).sum();
    let progress = Progress::new("building the hold report", wagers as u64);
    let report = build(&games, &source, args.max_pay, &progress);
    progress.finish();
    let files = files(&report)?;
    let out = &args.out;
    crate::output::write_tree(out, &files, &lock)?;
    let shown = parsheet_tables::printable(&out.display().to_string());
    println!("wrote {} files to {shown} (open {shown}/index.html)", files.len());
    Ok(())
}

/// Every file of the report, by path relative to the output directory.
fn files(report: &Value) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let workbook = xlsx::workbook(report).map_err(|e| format!("cannot build report.xlsx: {e}"))?;
    let mut files = vec![
        (PathBuf::from("report.json"), (serde_json::to_string_pretty(report).expect("JSON values serialise") + "\n").into_bytes()),
        (PathBuf::from("report.md"), render::markdown(report).into_bytes()),
        (PathBuf::from("summary.csv"), render::summary_csv(report).into_bytes()),
        (PathBuf::from("report.xlsx"), workbook),
    ];
    for (path, html) in render::site(report) {
        files.push((PathBuf::from(path), html.into_bytes()));
    }
    for g in report["games"].as_array().expect("the report lists games") {
        for w in g["wagers"].as_array().expect("each game lists wagers") {
            let (game, wager) = (g["game"].as_str().unwrap_or_default(), w["id"].as_str().unwrap_or_default());
            for (name, csv) in render::csv_files(w) {
                files.push((Path::new("csv").join(format!("{game}-{wager}-{name}.csv")), csv.into_bytes()));
            }
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    //! Snapshots of the rendered report for a few small wagers: any change in a figure shows as a
    //! diff against `tests/snapshots/`. Run with `UPDATE_SNAPSHOTS=1` to accept a change.

    use super::*;

    fn wager_report(game: &str, wager: &str) -> Value {
        let games = parsheet_tables::builtin().unwrap();
        let g = games.iter().find(|g| g.game == game).unwrap();
        let w = g.wagers.iter().find(|w| w.id == wager).unwrap();
        super::wager(g, w, &mut Counted::new(), 100_000)
    }

    fn snapshot(name: &str, actual: &str) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, actual).unwrap();
            return;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no snapshot {}; run with UPDATE_SNAPSHOTS=1", path.display()));
        if expected != actual {
            let diff: Vec<String> = expected
                .lines()
                .zip(actual.lines())
                .enumerate()
                .filter(|(_, (e, a))| e != a)
                .take(10)
                .map(|(i, (e, a))| format!("line {}:\n  - {e}\n  + {a}", i + 1))
                .collect();
            panic!("{name} changed ({} vs {} lines):\n{}", expected.lines().count(), actual.lines().count(), diff.join("\n"));
        }
    }

    #[test]
    fn over_under_bonus_markdown_and_json() {
        let w = wager_report("over-under", "bonus");
        snapshot("over-under-bonus.md", &render::wager_markdown(&w));
        snapshot("over-under-bonus.json", &(serde_json::to_string_pretty(&w).unwrap() + "\n"));
    }

    #[test]
    fn over_under_main_game_strategy_markdown() {
        snapshot("over-under-base.md", &render::wager_markdown(&wager_report("over-under", "base")));
    }

    #[test]
    fn saigon_bonus_markdown() {
        snapshot("saigon-5-card-bonus.md", &render::wager_markdown(&wager_report("saigon-5-card", "bonus")));
    }

    #[test]
    fn flush_bonus_markdown() {
        snapshot("high-card-flush-flush-bonus.md", &render::wager_markdown(&wager_report("high-card-flush", "flush-bonus")));
    }
}
