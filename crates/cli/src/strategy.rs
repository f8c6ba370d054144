//! `parsheet strategy <game>`: the optimal strategy of a main game as a table, and the exact
//! results under it.

use num_rational::BigRational;
use parsheet_paytable::{fraction, Decimal};
use parsheet_games::strategy::find_strategy;

#[derive(clap::Args)]
pub struct Args {
    /// Game id (main games parsheet solves: over-under, dj-wild, high-card-flush, saigon-5-card,
    /// heads-up-holdem).
    game: String,
    /// A named rule reading (default: the first).
    #[arg(long)]
    variant: Option<String>,
    /// The paytable the strategy plays, where it depends on one (DJ Wild's Blind); needed when
    /// there are several.
    #[arg(long)]
    paytable: Option<String>,
    #[command(flatten)]
    tables: crate::TablesArg,
    /// Heads-Up Hold 'Em: the Bad Beat paytable (wager "bad-beat" of tables given with
    /// --tables), where the tables hold several; without one the game is solved without Bad Beat.
    #[arg(long)]
    bad_beat: Option<String>,
    /// Heads-Up Hold 'Em: the smallest Raise before the river, in Antes ("1", "1/2").
    #[arg(long, value_name = "X")]
    min_raise: Option<String>,
    /// Heads-Up Hold 'Em: the player's two cards, for the values of one spot ("As 7d").
    #[arg(long)]
    hole: Option<String>,
    /// Heads-Up Hold 'Em: the board seen with --hole: none (pre-flop), the flop, or all five.
    #[arg(long)]
    board: Option<String>,
    #[arg(long, value_enum, default_value = "table")]
    format: crate::Format,
}

pub fn run(args: Args) -> Result<(), String> {
    let g = find_strategy(&args.game)?;
    if g.game == "heads-up-holdem" {
        return crate::heads_up::run(&args.into(), g);
    }
    let variant = args.variant.clone().unwrap_or_else(|| g.variants[0].id.to_string());
    let s = if g.needs_paytable() {
        let games = args.tables.load()?;
        let entry = crate::analyze::select(&games, g.game, g.wager, args.paytable.as_deref())?;
        g.solve(Some(&variant), Some(&entry.table))?
    } else if let Some(p) = &args.paytable {
        return Err(format!("--paytable {p:?}: the strategy of {} does not depend on a paytable (only dj-wild's Blind does)", g.game));
    } else {
        g.solve(Some(&variant), None)?
    };
    let reading = g.variants.iter().find(|v| v.id == variant).unwrap();
    println!("{} (§ {})\nreading {}: {}\n", g.title, g.rules, reading.id, reading.description);
    let plays = s.plays();
    let width = s.strategy.iter().map(|d| d.situation.chars().count()).max().unwrap_or(9).max(9);
    print!("{:<width$} {:<10}", "situation", "play");
    for p in &plays {
        print!(" {p:>14}");
    }
    println!();
    for d in &s.strategy {
        print!("{:<width$} {:<10}", d.situation, d.choice);
        for p in &plays {
            match d.options.iter().find(|o| o.0 == *p) {
                Some((_, v)) => print!(" {:>14}", Decimal(v).with_places(6)),
                None => print!(" {:>14}", "—"),
            }
        }
        println!();
    }
    println!("\n(expected net result of each play per unit of Ante)\n");
    let ow = s.counts.rows().iter().map(|r| r.0.len()).max().unwrap_or(5).max(5);
    for ((o, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        println!("{o:>ow$}: {n:>16} deals, net {} per unit of Ante", fraction(net));
    }
    println!("{:>ow$}: {:>16} deals", "cycle", s.counts.cycle());
    println!("\n      house edge per Ante: {}% = {}", Decimal(&s.house_edge()).percent(6), fraction(&s.house_edge()));
    if s.initial_wager != BigRational::from_integer(1.into()) {
        let e = s.house_edge_per_initial_wager();
        println!("per initial wager ({} Antes): {}% = {}", fraction(&s.initial_wager), Decimal(&e).percent(6), fraction(&e));
    }
    println!("   average total wagered: {} units per Ante = {}", Decimal(&s.expected_wager).with_places(6), fraction(&s.expected_wager));
    println!("         element of risk: {}% of the total wagered = {}", Decimal(&s.element_of_risk()).percent(6), fraction(&s.element_of_risk()));
    println!("payback per total wagered: {}%", Decimal(&s.payback_per_total_wagered()).percent(6));
    Ok(())
}

impl From<Args> for crate::heads_up::Args {
    fn from(a: Args) -> Self {
        crate::heads_up::Args {
            variant: a.variant,
            paytable: a.paytable,
            tables: a.tables,
            bad_beat: a.bad_beat,
            min_raise: a.min_raise,
            hole: a.hole,
            board: a.board,
            json: a.format == crate::Format::Json,
        }
    }
}
