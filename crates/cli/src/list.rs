//! `parsheet list`: what the tables hold.

use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    tables: TablesArg,
}

pub fn run(args: Args) -> Result<(), String> {
    for g in args.tables.load()? {
        println!("{} — {} (ch. {}; {})", g.game, g.title, g.chapter, g.file);
        for w in &g.wagers {
            let known = parsheet_games::find(&g.game, &w.id).ok();
            let solved = parsheet_games::strategy::strategy_of_wager(&g.game, &w.id);
            let countable = match (known, solved) {
                (Some(_), _) => String::new(),
                (None, Some(sg)) => format!("  [main game: parsheet strategy {}]", sg.game),
                (None, None) => "  [not yet computed by parsheet]".to_string(),
            };
            println!("  {} — {} (§ {}){countable}", w.id, w.title, w.section);
            if let Some(k) = known.filter(|k| !k.variants.is_empty()) {
                let ids: Vec<&str> = k.variants.iter().map(|v| v.id).collect();
                println!("    readings: {} (default {})", ids.join(", "), ids[0]);
            }
            if w.paytables.is_empty() {
                println!("    no approved paytable in the regulation text");
            }
            for p in &w.paytables {
                let lines: Vec<String> = p.table.lines.iter().map(|l| format!("{} {}", l.outcome, l.pay)).collect();
                let reading = p.reading.as_ref().map(|r| format!(" [reading {r}, as the table prints]")).unwrap_or_default();
                println!("    paytable {}: {}{reading}", p.table.id, lines.join("; "));
                for c in &p.corrections {
                    println!("      misprint corrected beside it: {} {} ({})", c.outcome, c.pay, c.note);
                }
            }
            for f in &w.published {
                let value = match (&f.value, &f.range) {
                    (Some(v), _) => v.text.clone(),
                    (None, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
                    _ => unreachable!(),
                };
                let table = f.paytable.as_deref().map_or("all paytables".to_string(), |t| format!("paytable {t}"));
                println!("    published {} {value} ({table}; {})", f.kind.name(), f.section);
                if let Some((v, note)) = &f.corrected {
                    println!("      misprint corrected beside it: {} ({note})", v.text);
                }
            }
        }
    }
    Ok(())
}
