//! `parsheet strategy <game>`: the optimal strategy of a main game as a table, and the exact
//! results under it.

use num_rational::BigRational;
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
