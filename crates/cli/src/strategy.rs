//! `parsheet strategy <game>`: the optimal strategy of a main game as a table, and the exact
//! results under it.

use num_rational::BigRational;
use parsheet_paytable::{fraction, Decimal};
use parsheet_games::strategy::face_up_pai_gow::{self as fupg, Deck};
use parsheet_games::strategy::{find_strategy, Solution};

#[derive(clap::Args)]
pub struct Args {
    /// Game id (main games parsheet solves: over-under, dj-wild, high-card-flush, saigon-5-card,
    /// heads-up-holdem, face-up-pai-gow).
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
    /// The dealer's setting. Face Up Pai Gow: the house way, a built-in name (foxwoods,
    /// highest-high; options as `foxwoods:full-house-front=highest-permissible`) or a JSON file
    /// (house-ways/README.md), default foxwoods. Saigon 5 Card: highest-point or lowest-point
    /// (the readings house-highest-point, house-lowest-point).
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    /// Face Up Pai Gow: a reduced deck `RANKS/SUITS[/joker]` (e.g. `TJQKA/3/joker`) instead of
    /// the 53-card deck, for checks and examples; the full deck's exact solve is long.
    #[arg(long)]
    deck: Option<String>,
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
    #[command(flatten)]
    pub run: crate::store::RunArgs,
}

/// Whether `--shard` applies: the main games whose solve splits, for the whole strategy.
pub fn sharding(args: &Args) -> Result<(), String> {
    if args.hole.is_some() {
        return Err("--shard splits the whole solve; --hole values one spot".into());
    }
    if crate::store::splits_main_game(&args.game) {
        Ok(())
    } else {
        Err(format!("--shard: the {} strategy takes seconds on one machine and does not split; {}", args.game, crate::store::splitting()))
    }
}

/// Parses `RANKS/SUITS[/joker]`.
pub fn parse_deck(text: &str) -> Result<Deck, String> {
    let parts: Vec<&str> = text.split('/').collect();
    let bad = || format!("deck {text:?}: write RANKS/SUITS[/joker], e.g. TJQKA/3/joker");
    if parts.len() < 2 || parts.len() > 3 || (parts.len() == 3 && parts[2] != "joker") {
        return Err(bad());
    }
    let mut rank_mask = 0u16;
    for c in parts[0].chars() {
        let r = "23456789TJQKA".find(c.to_ascii_uppercase()).ok_or_else(bad)?;
        rank_mask |= 1 << r;
    }
    let suits: u8 = parts[1].parse().ok().filter(|s| (1..=4).contains(s)).ok_or_else(bad)?;
    let deck = Deck { rank_mask, suits, joker: parts.len() == 3 };
    if deck.len() < 14 {
        return Err(format!("deck {text:?} has {} cards; two hands need 14", deck.len()));
    }
    Ok(deck)
}

/// Face Up Pai Gow: both policies from one exact count.
fn face_up_pai_gow(args: &Args) -> Result<(), String> {
    crate::Format::offer("strategy face-up-pai-gow", args.format, &[crate::Format::Table, crate::Format::Json])?;
    let way = parsheet_tables::house_way::load(args.house_way.as_deref().unwrap_or("foxwoods")).map_err(|e| e.to_string())?;
    let deck = match &args.deck {
        Some(d) => parse_deck(d)?,
        None => Deck::FULL,
    };
    // Refuse a way that leaves a hand of this deck unset before the solve (every seven-card hand).
    parsheet_games::house_way::validate_deck(&way, deck).map_err(|e| format!("house way {}: {e}", way.id))?;
    let progress = crate::progress::Progress::new(format!("face-up-pai-gow ({})", parsheet_tables::printable(&way.id)), 10_000);
    let counts = fupg::count_stored(deck, &way, &|done, total| progress.set_fraction(done, total))?;
    progress.finish();
    let g = find_strategy("face-up-pai-gow")?;
    let policies: Vec<(&str, Solution)> = fupg::POLICIES.iter().map(|p| (*p, fupg::solution(&counts, deck, p, &way))).collect();
    let deck_text = args.deck.clone().unwrap_or_else(|| "53 cards".into());
    match args.format {
        crate::Format::Json => {
            let rows: Vec<_> = policies
                .iter()
                .map(|(p, s)| {
                    serde_json::json!({
                        "policy": p,
                        "counts": s.counts.rows().iter().map(|(o, n)| serde_json::json!({"outcome": o, "deals": n.to_string()})).collect::<Vec<_>>(),
                        "cycle": s.counts.cycle().to_string(),
                        "house_edge": fraction(&s.house_edge()),
                        "house_edge_percent": Decimal(&s.house_edge()).percent(6),
                        "payback": fraction(&s.payback_per_total_wagered()),
                        "payback_percent": Decimal(&s.payback_per_total_wagered()).percent(6),
                        "ace_high_push_share": fraction(&BigRational::new(s.counts.rows().iter().find(|r| r.0 == "push-ace-high").unwrap().1.into(), s.counts.cycle().into())),
                    })
                })
                .collect();
            println!("{}", serde_json::json!({"game": g.game, "rules": g.rules, "house_way": way.id, "deck": deck_text, "policies": rows, "optimal_rule": fupg::OPTIMAL_RULE}));
        }
        _ => {
            println!("{} (§ {})\nhouse way: {} ({})\ndeck: {deck_text}\n", g.title, g.rules, parsheet_tables::printable(&way.id), parsheet_tables::printable(&way.title));
            for (p, s) in &policies {
                let reading = g.variants.iter().find(|v| v.id == *p).unwrap();
                println!("{p}: {}", reading.description);
                for (o, n) in s.counts.rows() {
                    println!("{o:>14}: {n:>22} deals");
                }
                println!("{:>14}: {:>22} deals", "cycle", s.counts.cycle());
                println!("    house edge: {}% = {}", Decimal(&s.house_edge()).percent(6), fraction(&s.house_edge()));
                println!("       payback: {}%\n", Decimal(&s.payback_per_total_wagered()).percent(6));
            }
            println!("The optimal setting, in words (right on every deal): {}", fupg::OPTIMAL_RULE);
            println!("Surrender (688a.11(d)) forfeits the wager: never better than playing, whose worst result is the same loss.");
        }
    }
    Ok(())
}

pub fn run(args: Args) -> Result<(), String> {
    let g = find_strategy(&args.game)?;
    if g.needs_house_way() {
        return face_up_pai_gow(&args);
    }
    if g.game == "heads-up-holdem" {
        crate::Format::offer("strategy heads-up-holdem", args.format, &[crate::Format::Table, crate::Format::Json])?;
        if args.house_way.is_some() {
            return Err("--house-way: the heads-up-holdem dealer sets no hands".into());
        }
        return crate::heads_up::run(&args.into(), g);
    }
    crate::Format::offer("strategy", args.format, &[crate::Format::Table, crate::Format::Json])?;
    for (name, given) in [("--deck", args.deck.is_some()), ("--bad-beat", args.bad_beat.is_some()), ("--min-raise", args.min_raise.is_some()), ("--hole", args.hole.is_some()), ("--board", args.board.is_some())] {
        if given {
            return Err(format!("{name} does not apply to {}", g.game));
        }
    }
    let (variant, _) = crate::house_way(g.game, args.variant.as_deref(), args.house_way.as_deref())?;
    let games = args.tables.load()?;
    let x = crate::main_game::solve(&games, g, variant.as_deref(), args.paytable.as_deref(), None, None)?;
    let s = &x.solution;
    if args.format == crate::Format::Json {
        let mut m = crate::main_game::head_json(&x);
        m.insert("plays".into(), serde_json::json!(s.plays()));
        m.insert("decisions".into(), serde_json::Value::Array(crate::main_game::decisions_json(s)));
        m.extend(crate::main_game::summary_json(s));
        m.insert("actions".into(), serde_json::Value::Array(crate::main_game::actions_json(s)));
        println!("{}", serde_json::Value::Object(m));
        return Ok(());
    }
    let reading = g.variants.iter().find(|v| v.id == x.reading).expect("a checked reading");
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
