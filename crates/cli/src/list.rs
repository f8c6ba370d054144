//! `parsheet list`: the registry of wagers beside what the tables hold.

use serde_json::{json, Value};

use crate::{Format, TablesArg};

#[derive(clap::Args)]
pub struct Args {
    /// table or json (csv and md are refused: the list is nested, not one table).
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[Format::Table, Format::Json]))]
    format: Format,
    #[command(flatten)]
    tables: TablesArg,
}

/// How parsheet computes a wager of the tables, in words, or `None` where it does not yet.
fn how(game: &str, wager: &str) -> Option<String> {
    if parsheet_games::strategy::STRATEGY_GAMES.iter().any(|g| g.game == game && g.bonus_wager == Some(wager)) {
        return Some(format!("settled inside the main game: parsheet analyze {game} base --tables DIR; parsheet explore {game} {wager} --tables DIR"));
    }
    match parsheet_games::lookup(game, wager).ok()? {
        parsheet_games::Model::Counted(_) => Some(format!("parsheet analyze {game} {wager}")),
        parsheet_games::Model::Main(g) if g.needs_house_way() => Some(format!("main game against a house way (default foxwoods): parsheet analyze {game} base; parsheet strategy {game} (long the first time, then cached)")),
        parsheet_games::Model::Main(g) if wager == parsheet_games::MAIN => Some(format!("main game: parsheet analyze {} base; parsheet strategy {}", g.game, g.game)),
        parsheet_games::Model::Main(g) => Some(format!("pays of the main game: parsheet analyze {} base; parsheet strategy {}", g.game, g.game)),
    }
}

/// The reading every command uses by default, with its basis (`null` for a wager with one
/// reading): what `analyze`, `verify` and the report use, from the one place they take it.
fn default_reading(games: &[parsheet_tables::GameTables], game: &str, wager: &str) -> Value {
    parsheet_app::inputs::default_reading(games, game, wager).map_or(Value::Null, |a| json!({"value": a.value, "basis": a.basis}))
}

fn list_json(games: &[parsheet_tables::GameTables]) -> Value {
    let games: Vec<Value> = games
        .iter()
        .map(|g| {
            let main = parsheet_games::strategy::find_strategy(&g.game).ok();
            let mut wagers: Vec<Value> = Vec::new();
            // The main game is the wager `base`, also where its pay tables carry another name.
            if let Some(sg) = main.filter(|_| !g.wagers.iter().any(|w| w.id == parsheet_games::MAIN)) {
                wagers.push(json!({"id": parsheet_games::MAIN, "title": sg.title, "section": sg.rules, "computed_by": how(&g.game, parsheet_games::MAIN),
                    "readings": sg.variants.iter().map(|v| v.id).collect::<Vec<_>>(), "default_reading": default_reading(games, &g.game, parsheet_games::MAIN),
                    "reads": sg.wager, "paytables": [], "published": []}));
            }
            for w in &g.wagers {
                let readings: Vec<&str> = parsheet_games::lookup(&g.game, &w.id).map_or(vec![], |m| m.variants().iter().map(|v| v.id).collect());
                wagers.push(json!({
                    "id": w.id, "title": w.title, "section": w.section, "computed_by": how(&g.game, &w.id), "readings": readings,
                    "default_reading": default_reading(games, &g.game, &w.id),
                    "reads": Value::Null,
                    "paytables": w.paytables.iter().map(|p| json!({"id": p.table.id, "reading": p.reading,
                        "lines": p.table.lines.iter().map(|l| json!({"outcome": l.outcome, "pays": l.pay.to_string()})).collect::<Vec<_>>()})).collect::<Vec<_>>(),
                    "published": w.published.iter().map(|f| json!({"kind": f.kind.name(), "printed": printed(f), "paytable": f.paytable, "section": f.section,
                        "candidates": f.candidates.iter().map(|c| json!({"id": c.id, "reading": c.reading, "corrects": c.words(w, f), "note": c.note})).collect::<Vec<_>>()})).collect::<Vec<_>>(),
                }));
            }
            json!({"game": g.game, "title": g.title, "chapter": g.chapter, "file": g.file, "wagers": wagers})
        })
        .collect();
    json!({"games": games})
}

fn printed(f: &parsheet_tables::Published) -> String {
    match (&f.value, &f.range) {
        (Some(v), _) => v.text.clone(),
        (None, Some((lo, hi))) => format!("{} to {}", lo.text, hi.text),
        _ => unreachable!("a figure has a value or a range"),
    }
}

pub fn run(args: Args) -> Result<(), String> {
    Format::offer("list", args.format, &[Format::Table, Format::Json])?;
    let games = args.tables.load()?;
    let doc = list_json(&games);
    if args.format == Format::Json {
        println!("{doc}");
        return Ok(());
    }
    // The text is rendered from the JSON document, so the two cannot disagree.
    let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
    for (g, tables) in doc["games"].as_array().into_iter().flatten().zip(&games) {
        let chapter = if s(&g["chapter"]).is_empty() { "defined in a file".to_string() } else { format!("ch. {}", s(&g["chapter"])) };
        println!("{} — {} ({chapter}; {})", s(&g["game"]), s(&g["title"]), s(&g["file"]));
        for w in g["wagers"].as_array().into_iter().flatten() {
            let how = w["computed_by"].as_str().map_or("not yet computed by parsheet".to_string(), str::to_string);
            let section = if s(&w["section"]).is_empty() { String::new() } else { format!(" (§ {})", s(&w["section"])) };
            println!("  {} — {}{section}  [{how}]", s(&w["id"]), s(&w["title"]));
            if let Some(reads) = w["reads"].as_str() {
                println!("    reads the paytables of {reads}");
            }
            let readings: Vec<String> = w["readings"].as_array().into_iter().flatten().map(s).collect();
            if !readings.is_empty() {
                let default = w["default_reading"]["value"].as_str().map_or(String::new(), |d| format!(" (default {d})"));
                println!("    readings: {}{default}", readings.join(", "));
            }
            let Some(wt) = tables.wagers.iter().find(|x| x.id == s(&w["id"])) else { continue };
            if wt.paytables.is_empty() {
                println!("    no approved paytable in the regulation text");
            }
            for p in w["paytables"].as_array().into_iter().flatten() {
                let lines: Vec<String> = p["lines"].as_array().into_iter().flatten().map(|l| format!("{} {}", s(&l["outcome"]), s(&l["pays"]))).collect();
                let reading = p["reading"].as_str().map(|r| format!(" [reading {r}, as the table prints]")).unwrap_or_default();
                println!("    paytable {}: {}{reading}", s(&p["id"]), lines.join("; "));
            }
            for f in w["published"].as_array().into_iter().flatten() {
                let table = f["paytable"].as_str().map_or("all paytables".to_string(), |t| format!("paytable {t}"));
                println!("    published {} {} ({table}; {})", s(&f["kind"]), s(&f["printed"]), s(&f["section"]));
                for c in f["candidates"].as_array().into_iter().flatten() {
                    let under = c["reading"].as_str().map(|r| format!(", reading {r}")).unwrap_or_default();
                    println!("      candidate {} checked beside it: {}{under}", s(&c["id"]), s(&c["corrects"]));
                }
            }
        }
    }
    Ok(())
}
