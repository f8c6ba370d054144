//! `parsheet strategy <game>`: the optimal strategy of a main game as a table, and the exact
//! results under it.

use parsheet_paytable::{fraction, Decimal};
use parsheet_games::strategy::find_strategy;

#[derive(clap::Args)]
pub struct Args {
    /// Game id (main games parsheet solves: over-under, dj-wild, high-card-flush, saigon-5-card).
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
}

pub fn run(args: Args) -> Result<(), String> {
    let g = find_strategy(&args.game)?;
    let variant = args.variant.clone().unwrap_or_else(|| g.variants[0].id.to_string());
    let s = if g.needs_paytable() {
        let games = args.tables.load()?;
        let entry = crate::analyze::select(&games, g.game, g.wager, args.paytable.as_deref())?;
        g.solve(Some(&variant), Some(&entry.table))?
    } else {
        g.solve(Some(&variant), None)?
    };
    let reading = g.variants.iter().find(|v| v.id == variant).unwrap();
    println!("{} (§ {})\nreading {}: {}\n", g.title, g.rules, reading.id, reading.description);
    let options: Vec<&str> = s.strategy[0].options.iter().map(|o| o.0).collect();
    print!("{:<32} {:<10}", "situation", "play");
    for o in &options {
        print!(" {o:>14}");
    }
    println!();
    for d in &s.strategy {
        print!("{:<32} {:<10}", d.situation, d.choice);
        for (_, v) in &d.options {
            print!(" {:>14}", Decimal(v).with_places(6));
        }
        println!();
    }
    println!("\n(expected net result of each play per unit of Ante)\n");
    for ((o, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        println!("{o:>12}: {n:>12} deals, net {} per unit of Ante", fraction(net));
    }
    println!("{:>12}: {:>12} deals", "cycle", s.counts.cycle());
    println!("\n      house edge per Ante: {}% = {}", Decimal(&s.house_edge()).percent(6), fraction(&s.house_edge()));
    println!("   average total wagered: {} units per Ante = {}", Decimal(&s.expected_wager).with_places(6), fraction(&s.expected_wager));
    println!("         element of risk: {}% of the total wagered = {}", Decimal(&s.element_of_risk()).percent(6), fraction(&s.element_of_risk()));
    println!("payback per total wagered: {}%", Decimal(&s.payback_per_total_wagered()).percent(6));
    Ok(())
}
