//! `parsheet explore <game> <wager>`: paytable design. Sensitivity of the edge to each line,
//! the pay one line needs for a target edge, and a search of whole-number paytables.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use parsheet_paytable::explore::{search, sensitivity, solve_line, with_pay, LineBounds};
use parsheet_paytable::{analyze, fraction, Decimal, Pay, Paytable};

use crate::analyze::{select, WagerArgs};
use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    target: WagerArgs,
    /// Solve for the pay that gives this house edge, e.g. 5% (on --line, or on every line).
    #[arg(long, value_name = "PERCENT")]
    target_edge: Option<String>,
    /// The line to solve for (an outcome id).
    #[arg(long)]
    line: Option<String>,
    /// Search whole-number paytables with house edge in LOW..HIGH, e.g. 2%..6%.
    #[arg(long, value_name = "LOW..HIGH")]
    search: Option<String>,
    /// Bounds for the search, OUTCOME=MIN..MAX, repeatable (default: each line of the starting
    /// paytable from 0 to twice its pay).
    #[arg(long = "bound", value_name = "OUTCOME=MIN..MAX")]
    bounds: Vec<String>,
    /// Allow pays to increase down the paytable (by default a lower hand never pays more).
    #[arg(long)]
    any_order: bool,
    /// Rank search results by closeness to the middle of the range (default), highest hit
    /// frequency, or lowest volatility.
    #[arg(long, value_enum, default_value = "closeness")]
    rank_by: RankBy,
    /// How many search results to show.
    #[arg(long, default_value_t = 10)]
    limit: usize,
    /// Write the best search result (or the solved table, with --line) to FILE in the tables/
    /// format, to analyze and verify with --tables.
    #[arg(long, value_name = "FILE")]
    write: Option<std::path::PathBuf>,
    #[command(flatten)]
    tables: TablesArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum RankBy {
    Closeness,
    HitFrequency,
    Volatility,
}

fn percent(text: &str) -> Result<BigRational, String> {
    let t = text.trim();
    let number = t.strip_suffix('%').ok_or_else(|| format!("{text:?} is not a percentage like 5%"))?;
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let (neg, int) = int.strip_prefix('-').map_or((false, int), |i| (true, i));
    if int.is_empty() || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) || number.len() > 12 {
        return Err(format!("{text:?} is not a percentage like 5%"));
    }
    let digits: num_bigint::BigInt = format!("{int}{frac}").parse().unwrap();
    let v = BigRational::new(digits, num_bigint::BigInt::from(10).pow(frac.len() as u32 + 2));
    Ok(if neg { -v } else { v })
}

fn bound(text: &str) -> Result<LineBounds, String> {
    let err = || format!("{text:?} is not a bound like full-house=5..9");
    let (outcome, range) = text.split_once('=').ok_or_else(err)?;
    let (min, max) = range.split_once("..").ok_or_else(err)?;
    let (min, max): (u64, u64) = (min.trim().parse().map_err(|_| err())?, max.trim().parse().map_err(|_| err())?);
    if min > max || max > 1_000_000 {
        return Err(format!("{text:?}: bounds must satisfy min <= max <= 1000000"));
    }
    Ok(LineBounds { outcome: outcome.trim().to_string(), min, max })
}

pub fn run(args: Args) -> Result<(), String> {
    if args.target.game == "heads-up-holdem" && args.target.wager == "bad-beat" {
        return heads_up_bad_beat(&args);
    }
    let wager = parsheet_games::find(&args.target.game, &args.target.wager)?;
    let games = args.tables.load()?;
    let entry = select(&games, &args.target.game, &args.target.wager, args.target.paytable.as_deref())?;
    let counts = wager.count(args.target.variant.as_deref())?;
    let table = &entry.table;
    let base = analyze(&counts, table).map_err(|e| e.to_string())?;
    println!("{} {} from paytable {}: house edge {}% = {}\n", args.target.game, args.target.wager, table.id, Decimal(&base.house_edge).percent(6), fraction(&base.house_edge));
    if let Some(o) = &args.line {
        if !wager.has_outcome(o) {
            return Err(format!("{o:?} is not an outcome of {} {}; outcomes: {}", args.target.game, args.target.wager, wager.outcomes.join(", ")));
        }
    }
    let mut to_write: Option<Paytable> = None;

    if let Some(target) = &args.target_edge {
        let target = percent(target)?;
        let lines: Vec<&str> = match &args.line {
            Some(o) => vec![o.as_str()],
            None => wager.outcomes.to_vec(),
        };
        println!("pay each line needs for a house edge of {}% (the others unchanged):", Decimal(&target).percent(4));
        for o in lines {
            match solve_line(&counts, table, o, &target).map_err(|e| e.to_string())? {
                None => println!("  {o:<36} never happens; its pay cannot move the edge"),
                Some(x) if x.is_negative() => println!("  {o:<36} impossible: would need a negative pay ({})", fraction(&x)),
                Some(x) => {
                    let (below, above) = (x.floor(), x.ceil());
                    let edge_at = |n: &BigRational| analyze(&counts, &with_pay(table, o, Pay::To(n.clone()))).map(|a| a.house_edge).unwrap();
                    let mut near = format!("{} to 1 gives {}%", below.to_integer(), Decimal(&edge_at(&below)).percent(4));
                    if above != below {
                        near += &format!(", {} to 1 gives {}%", above.to_integer(), Decimal(&edge_at(&above)).percent(4));
                    }
                    println!("  {o:<36} exactly {} to 1 ({}); {near}", Decimal(&x).with_places(4), fraction(&x));
                    if args.line.is_some() {
                        to_write = Some(Paytable { id: format!("{}-solved", table.id), ..with_pay(table, o, Pay::To(below.max(BigRational::zero()))) });
                    }
                }
            }
        }
        println!();
    }

    if let Some(range) = &args.search {
        let (lo, hi) = range.split_once("..").ok_or_else(|| format!("{range:?} is not a range like 2%..6%"))?;
        let (lo, hi) = (percent(lo)?, percent(hi)?);
        let bounds: Vec<LineBounds> = if args.bounds.is_empty() {
            table
                .lines
                .iter()
                .filter_map(|l| match &l.pay {
                    Pay::To(x) if x.is_integer() => Some(LineBounds { outcome: l.outcome.clone(), min: 0, max: 2 * x.to_integer().try_into().unwrap_or(0u64) }),
                    _ => None,
                })
                .collect()
        } else {
            args.bounds.iter().map(|b| bound(b)).collect::<Result<_, _>>()?
        };
        for b in &bounds {
            if !wager.has_outcome(&b.outcome) {
                return Err(format!("bound on {:?}, which is not an outcome of {} {}; outcomes: {}", b.outcome, args.target.game, args.target.wager, wager.outcomes.join(", ")));
            }
        }
        let mut found = search(&counts, &bounds, !args.any_order, &lo, &hi, 10_000);
        match args.rank_by {
            RankBy::Closeness => {}
            RankBy::HitFrequency => found.sort_by(|a, b| b.analysis.hit_frequency.cmp(&a.analysis.hit_frequency)),
            RankBy::Volatility => found.sort_by(|a, b| a.analysis.variance.cmp(&b.analysis.variance)),
        }
        found.truncate(args.limit);
        println!("whole-number paytables with house edge {}% to {}% ({} shown):", Decimal(&lo).percent(4), Decimal(&hi).percent(4), found.len());
        for c in &found {
            let pays: Vec<String> = c.pays.iter().map(|(o, p)| format!("{o} {p}")).collect();
            println!(
                "  edge {}%  hit {}%  sd {:.4}:  {}",
                Decimal(&c.analysis.house_edge).percent(4),
                Decimal(&c.analysis.hit_frequency).percent(3),
                c.analysis.standard_deviation(),
                pays.join(", ")
            );
        }
        println!();
        if let Some(best) = found.first() {
            to_write = Some(Paytable {
                id: format!("{}-explored", table.id),
                lines: best.pays.iter().map(|(o, p)| parsheet_paytable::Line { outcome: o.clone(), pay: Pay::To(BigRational::from_integer((*p).into())) }).collect(),
            });
        }
    }

    if args.target_edge.is_none() && args.search.is_none() {
        println!("sensitivity: change in house edge per unit of pay on each line");
        for o in wager.outcomes {
            let s = sensitivity(&counts, o).unwrap_or_default();
            println!("  {o:<36} {:>14}%  ({})", Decimal(&s).percent(6), fraction(&s));
        }
    }

    if let Some(path) = &args.write {
        let t = to_write.ok_or("nothing to write: --write needs --search, or --target-edge with --line")?;
        let g = games.iter().find(|g| g.game == args.target.game).unwrap();
        let w = g.wagers.iter().find(|w| w.id == args.target.wager).unwrap();
        let note = format!("Explored by parsheet from paytable {} of {}", table.id, g.file);
        std::fs::write(path, parsheet_tables::single_paytable_file(g, w, &t, &note)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote paytable {} to {}", t.id, path.display());
    }
    Ok(())
}

/// Heads-Up Hold 'Em's Bad Beat (677a.12(c), missing from the text) is paid on the Odds of the
/// main game, so a table's effect is measured on the main game's house edge per Ante. The main
/// game is solved once for the starting table; by the theorem of
/// `parsheet_games::strategy::heads_up::bad_beat_counts` (straights and better never fold when
/// every pay is at least a push, so the strategy's values shift alike), the edge under any other
/// such table is the starting edge plus the change in the Bad Beat's own analysis.
fn heads_up_bad_beat(args: &Args) -> Result<(), String> {
    use parsheet_games::strategy::heads_up::{bad_beat_counts, bad_beat_is_linear, solve_cached, Config};
    if args.search.is_some() {
        return Err("--search is not available for the Bad Beat; use --target-edge (with or without --line)".into());
    }
    let game = "heads-up-holdem";
    let games = args.tables.load()?;
    let entry = select(&games, game, "bad-beat", args.target.paytable.as_deref())
        .map_err(|e| format!("{e} (the starting Bad Beat table is yours: 677a.12(c) is missing from the text)"))?;
    let t0 = &entry.table;
    let odds = &select(&games, game, "odds", None)?.table;
    let variant = args.target.variant.clone().unwrap_or_else(|| "odds-push-below-pair".to_string());
    let config = Config::heads_up(&variant, odds, Some(t0))?;
    if !bad_beat_is_linear(&config) {
        return Err(format!(
            "Bad Beat paytable {}: give every category from straight to straight-flush a pay of at least Push; the edge is linear in the pays (and the strategy fixed) only then",
            t0.id
        ));
    }
    eprintln!("solving the main game for Bad Beat paytable {} (about half a minute on two cores)…", t0.id);
    let x = solve_cached(&config)?;
    let counts = bad_beat_counts(&x);
    let main = -x.expected_net();
    let bb = |t: &Paytable| analyze(&counts, t).map(|a| a.house_edge).map_err(|e| e.to_string());
    let offset = &main - bb(t0)?;
    println!(
        "heads-up-holdem main game with Bad Beat paytable {} (reading {variant}): house edge per Ante {}% = {}\n",
        t0.id,
        Decimal(&main).percent(6),
        fraction(&main)
    );
    let lines: Vec<&str> = match &args.line {
        Some(o) if counts.rows().iter().any(|r| r.0 == *o && o != "other") => vec![o.as_str()],
        Some(o) => return Err(format!("{o:?} is not a Bad Beat line; lines: straight, flush, full-house, four-of-a-kind, straight-flush")),
        None => vec!["straight", "flush", "full-house", "four-of-a-kind", "straight-flush"],
    };
    let mut to_write = None;
    if let Some(target) = &args.target_edge {
        let target = percent(target)?;
        println!("pay each line needs for a main-game house edge of {}% per Ante (the others unchanged):", Decimal(&target).percent(4));
        for o in lines {
            match solve_line(&counts, t0, o, &(&target - &offset)).map_err(|e| e.to_string())? {
                None => println!("  {o:<16} never loses to a qualifying dealer; its pay cannot move the edge"),
                Some(p) if p.is_negative() => println!("  {o:<16} impossible: would need a negative pay ({})", fraction(&p)),
                Some(p) => {
                    let (below, above) = (p.floor(), p.ceil());
                    let edge_at = |n: &BigRational| -> Result<BigRational, String> { Ok(&offset + bb(&with_pay(t0, o, Pay::To(n.clone())))?) };
                    let mut near = format!("{} to 1 gives {}%", below.to_integer(), Decimal(&edge_at(&below)?).percent(4));
                    if above != below {
                        near += &format!(", {} to 1 gives {}%", above.to_integer(), Decimal(&edge_at(&above)?).percent(4));
                    }
                    println!("  {o:<16} exactly {} to 1 ({}); {near}", Decimal(&p).with_places(4), fraction(&p));
                    if args.line.is_some() {
                        to_write = Some(Paytable { id: format!("{}-solved", t0.id), ..with_pay(t0, o, Pay::To(below.max(BigRational::zero()))) });
                    }
                }
            }
        }
    } else {
        println!("sensitivity: change in the main game's house edge per Ante per unit of pay on each line");
        for o in lines {
            let s = sensitivity(&counts, o).unwrap_or_default();
            println!("  {o:<16} {:>14}%  ({})", Decimal(&s).percent(6), fraction(&s));
        }
    }
    if let Some(path) = &args.write {
        let t: Paytable = to_write.ok_or("nothing to write: --write needs --target-edge with --line")?;
        let g = games.iter().find(|g| g.game == game).unwrap();
        let w = g.wagers.iter().find(|w| w.id == "bad-beat").unwrap();
        let note = format!("Explored by parsheet from Bad Beat paytable {} of {}", t0.id, g.file);
        std::fs::write(path, parsheet_tables::single_paytable_file(g, w, &t, &note)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote paytable {} to {}", t.id, path.display());
    }
    Ok(())
}
