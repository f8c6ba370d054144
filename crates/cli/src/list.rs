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
            let countable = if parsheet_games::find(&g.game, &w.id).is_ok() { "" } else { "  [not yet computed by parsheet]" };
            println!("  {} — {} (§ {}){countable}", w.id, w.title, w.section);
            if w.paytables.is_empty() {
                println!("    no approved paytable in the regulation text");
            }
            for p in &w.paytables {
                let lines: Vec<String> = p.table.lines.iter().map(|l| format!("{} {}", l.outcome, l.pay)).collect();
                println!("    paytable {}: {}", p.table.id, lines.join("; "));
            }
            for f in &w.published {
                let value = match (&f.value, &f.range) {
                    (Some(v), _) => v.text.clone(),
                    (None, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
                    _ => unreachable!(),
                };
                let table = f.paytable.as_deref().map_or("all paytables".to_string(), |t| format!("paytable {t}"));
                println!("    published {} {value} ({table}; {})", f.kind.name(), f.section);
            }
        }
    }
    Ok(())
}
