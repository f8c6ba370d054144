//! `parsheet strategy <game>`: the optimal strategy of a main game as a table, and the exact
//! results under it.

use parsheet_games::strategy::face_up_pai_gow::Deck;
use parsheet_games::strategy::find_strategy;

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
    #[arg(long, requires = "hole")]
    board: Option<String>,
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[crate::Format::Table, crate::Format::Json]))]
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
    let games = args.tables.load()?;
    let choice = parsheet_app::main_game::house_way_choice(args.house_way.as_deref(), &games)?;
    let (deck, text) = match &args.deck {
        Some(d) => (parse_deck(d)?, d.clone()),
        None => (Deck::FULL, "53 cards".to_string()),
    };
    let f = parsheet_app::main_game::face_up_pai_gow_policies(deck, &text, &choice)?;
    crate::print(match args.format {
        crate::Format::Json => crate::json(&f),
        _ => parsheet_report::terminal::face_up_pai_gow_text(&f),
    })
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
    let (variant, _) = parsheet_app::inputs::house_way(g.game, args.variant.as_deref(), args.house_way.as_deref())?;
    let games = args.tables.load()?;
    let x = parsheet_app::main_game::solve(&games, g, variant.as_deref(), args.paytable.as_deref(), None, None)?;
    let st = parsheet_app::main_game::strategy(&x);
    if args.format == crate::Format::Json {
        return crate::print(crate::json(&st));
    }
    let description = g.variants.iter().find(|v| v.id == x.reading).map_or("", |v| v.description);
    crate::print(parsheet_report::terminal::strategy_text(&st, description))
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
