//! `parsheet explain`: for every published figure that does not reproduce, the single-line
//! paytable changes (and the rule readings) that would reproduce it at the printed precision.

use num_rational::BigRational;
use parsheet_paytable::explore::{single_line_fixes, Window};
use parsheet_paytable::{analyze, Decimal, OutcomeCounts, Pay, Paytable};
use parsheet_tables::{FigureKind, Percent};

use crate::progress::Progress;
use crate::figure::matches;
use crate::verify::figure_of;
use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    /// Largest whole-number pay ("n to 1") to try on a line (at most 1000000).
    #[arg(long, default_value_t = 100_000)]
    max_pay: u64,
    /// table or json (csv and md are refused: each figure has a list of explanations).
    #[arg(long, value_enum, default_value = "table")]
    format: crate::Format,
    #[command(flatten)]
    tables: TablesArg,
}

/// What would make one paytable reproduce one printed figure: per line, the pays that would,
/// consecutive whole pays shown as one range; smallest relative change first.
pub fn explain_one(counts: &OutcomeCounts, table: &Paytable, kind: FigureKind, printed: &Percent, max_pay: u64) -> Vec<String> {
    let window = Window::around_percent(&printed.value, printed.places);
    let fixes = match single_line_fixes(counts, table, &window, |a| figure_of(kind, a), max_pay) {
        Err(e) => return vec![format!("cannot search: {e}")],
        Ok(f) if f.is_empty() => return vec!["no single-line change reproduces it".to_string()],
        Ok(f) => f,
    };
    // (relative change, text) per group of fixes on one line.
    let mut groups: Vec<(f64, String)> = Vec::new();
    let mut i = 0;
    while i < fixes.len() {
        let f = &fixes[i];
        let from = f.from.as_ref().map_or("no line".to_string(), |p| p.to_string());
        let from_net = f.from.as_ref().and_then(|p| p.net()).map_or(-1.0, |n| Decimal(&n).to_f64());
        let whole = |p: &Pay| match p {
            Pay::To(x) if x.is_integer() => x.to_integer().try_into().ok(),
            _ => None::<i64>,
        };
        let mut j = i + 1;
        if let Some(first) = whole(&f.to) {
            while j < fixes.len() && fixes[j].outcome == f.outcome && whole(&fixes[j].to) == Some(first + (j - i) as i64) {
                j += 1;
            }
        }
        let (lo, hi) = (&fixes[i], &fixes[j - 1]);
        let to = if j - i > 1 { format!("{} to {}", lo.to, hi.to) } else { lo.to.to_string() };
        let values = [figure_of(kind, &lo.analysis), figure_of(kind, &hi.analysis)];
        let shown: Vec<String> = values.iter().map(|v| format!("{}%", Decimal(v).percent(printed.places + 3))).collect();
        let shown = if j - i > 1 { format!("{} to {}", shown[0], shown[1]) } else { shown[0].clone() };
        let to_net = lo.to.net().map_or(0.0, |n| Decimal(&n).to_f64());
        let relative = (to_net - from_net).abs() / from_net.abs().max(1.0);
        groups.push((relative, format!("reproduced if {} paid {to} instead of {from} ({} {shown})", f.outcome, kind.name())));
        i = j;
    }
    groups.sort_by(|a, b| a.0.total_cmp(&b.0));
    groups.into_iter().map(|g| g.1).collect()
}

pub fn run(args: Args) -> Result<(), String> {
    crate::Format::offer("explain", args.format, &[crate::Format::Table, crate::Format::Json])?;
    crate::check_max_pay(args.max_pay)?;
    let games = args.tables.load()?;
    let total: usize = games.iter().flat_map(|g| &g.wagers).map(|w| w.published.len()).sum();
    let progress = Progress::new("explaining published figures", total as u64);
    let mut counted = crate::verify::Counted::new();
    let mut done = 0;
    let mut out = String::new();
    let mut doc = Vec::new();
    for g in &games {
        for w in &g.wagers {
            let Ok(wager) = parsheet_games::find(&g.game, &w.id) else {
                done += w.published.len();
                if let Some(sg) = parsheet_games::strategy::strategy_of_wager(&g.game, &w.id).filter(|sg| !sg.needs_house_way()) {
                    // A main game: its strategy changes with its pays, so a one-line change is a
                    // re-solve per candidate; say where that is done instead of guessing.
                    let line = if sg.game == "dj-wild" {
                        format!("parsheet explore {} base --target-edge X% --line OUTCOME solves a Blind line under the re-solved strategy", sg.game)
                    } else {
                        format!("its figures: parsheet analyze {} base", sg.game)
                    };
                    for c in crate::verify::checks_of_wager(g, w).into_iter().filter(|c| c.status == crate::figure::Status::Differs && c.misprint.is_none()) {
                        out += &format!("{} {} (main game base) paytable {}, reading {}: published {} {}, computed {}%\n    {line}\n", g.game, w.id, c.paytable, c.variant.as_deref().unwrap_or("-"), c.kind.name(), c.published, c.computed.as_ref().map_or("-".into(), |v| Decimal(v).percent(c.places + 3)));
                        doc.push(serde_json::json!({"game": g.game, "wager": parsheet_games::MAIN, "tables_wager": w.id, "paytable": c.paytable, "reading": c.variant,
                            "kind": c.kind.name(), "printed": c.published, "computed": c.computed.as_ref().map(parsheet_paytable::fraction),
                            "computed_percent": c.computed.as_ref().map(|v| Decimal(v).percent(c.places + 3)), "explanations": [line]}));
                    }
                }
                continue;
            };
            let variants: Vec<Option<&str>> = if wager.variants.is_empty() { vec![None] } else { wager.variants.iter().map(|v| Some(v.id)).collect() };
            for f in &w.published {
                done += 1;
                progress.set(done as u64);
                for &variant in &variants {
                    let counts = crate::verify::counts_of(&mut counted, wager, variant);
                    let reading = variant.map(|v| format!(", reading {v}")).unwrap_or_default();
                    // Each printed value with the paytables it may belong to.
                    let targets: Vec<(&Percent, Vec<&parsheet_tables::PaytableEntry>)> = match (&f.value, &f.range) {
                        (Some(v), _) => vec![(v, w.paytables.iter().filter(|p| f.paytable.as_ref().is_none_or(|t| &p.table.id == t)).collect())],
                        (None, Some((lo, hi))) => {
                            // A range: each end belongs to the paytable that computes nearest to it.
                            let mut ends = Vec::new();
                            let values: Vec<(&parsheet_tables::PaytableEntry, BigRational)> =
                                w.paytables.iter().filter_map(|p| analyze(counts, &p.table).ok().map(|a| (p, figure_of(f.kind, &a)))).collect();
                            for end in [lo, hi] {
                                if values.iter().any(|(_, v)| matches(v, end)) {
                                    continue;
                                }
                                let nearest = values.iter().min_by_key(|(_, v)| (v - &end.value).abs_sub_zero());
                                ends.push((end, nearest.map(|(p, _)| vec![*p]).unwrap_or_default()));
                            }
                            ends
                        }
                        _ => vec![],
                    };
                    for (printed, tables) in targets {
                        for p in tables {
                            let Ok(a) = analyze(counts, &p.table) else { continue };
                            let computed = figure_of(f.kind, &a);
                            if matches(&computed, printed) {
                                continue;
                            }
                            out += &format!(
                                "{} {} paytable {}{reading}: published {} {} (§ {}), computed {}%\n",
                                g.game,
                                w.id,
                                p.table.id,
                                f.kind.name(),
                                printed.text,
                                f.section,
                                Decimal(&computed).percent(printed.places + 3)
                            );
                            let lines = explain_one(counts, &p.table, f.kind, printed, args.max_pay);
                            for line in &lines {
                                out += &format!("    {line}\n");
                            }
                            doc.push(serde_json::json!({"game": g.game, "wager": w.id, "tables_wager": w.id, "paytable": p.table.id, "reading": variant,
                                "kind": f.kind.name(), "printed": printed.text, "section": f.section, "computed": parsheet_paytable::fraction(&computed),
                                "computed_percent": Decimal(&computed).percent(printed.places + 3), "explanations": lines}));
                        }
                    }
                }
            }
        }
    }
    progress.finish();
    if args.format == crate::Format::Json {
        println!("{}", serde_json::Value::Array(doc));
    } else {
        print!("{out}");
    }
    Ok(())
}

/// |x| for rationals, as a sort key.
trait AbsSubZero {
    fn abs_sub_zero(&self) -> BigRational;
}

impl AbsSubZero for BigRational {
    fn abs_sub_zero(&self) -> BigRational {
        num_traits::Signed::abs(self)
    }
}
