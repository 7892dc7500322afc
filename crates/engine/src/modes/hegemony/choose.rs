//! 挑选武将 Choosing the generals (H-SETUP-2…6, H-PROC-START 2–4): each player is dealt K
//! generals privately and secretly chooses two of one kingdom — first its main general (主将),
//! then its deputy (副将), then which of their trigger skills it pre-shows (预亮, H-REV-10) — all
//! players at once, in any order. When the last has chosen, each
//! seat's max HP is half the sum of its two generals' halves (a leftover half is kept for
//! H-REW-3) and is public; the generals stay face down, named to their owner only.
//!
//! K is 7, or 5 with nine or more players (H-SETUP-3), fewer if the pack holds too few
//! generals for every seat (as [QHeg]'s min(K, pool / N)). With K ≥ 5 every deal holds a pair of
//! one kingdom (pigeonhole, H-EX-12); with a smaller K a deal that leaves some seat without a pair
//! is replaced by one that gives each seat a pair first (docs/rulings.md, "国战 Hegemony").

use rand::seq::SliceRandom;

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::event::Event;
use crate::flow::duo::Duo;
use crate::game::Game;
use crate::ids::GeneralId;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::{Kingdom, Seat};

pub const KIND: u8 = 1;

const DEAL: u8 = 0;
const CHOOSING: u8 = 1;

/// Every 国战 game with generals opens with their choice (without any, every seat plays the
/// white general alone: a free-for-all, docs/rulings.md).
pub fn opening(game: &Game) -> Option<ModeFrame> {
    let players = game.seat_count();
    let pool = game
        .general_pool
        .iter()
        .filter(|g| game.general(**g).halves > 0)
        .count();
    (dealt_count(players, pool) >= 2).then(|| ModeFrame::new(KIND))
}

/// H-SETUP-3: how many generals each of `players` seats is dealt from a pool of `pool`.
pub fn dealt_count(players: usize, pool: usize) -> usize {
    let printed = if players >= 9 { 5 } else { 7 };
    printed.min(pool / players.max(1))
}

pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.step {
        DEAL => {
            deal(game);
            frame.step = CHOOSING;
            ask(game, &frame.seats)
        }
        _ => {
            match game.take_answer() {
                Some((seat, Action::General { general })) => choose(game, seat, general),
                Some((seat, Action::Option { index })) if !frame.seats.contains(&seat) => {
                    super::yuliang::set(game, seat, index);
                    frame.seats.push(seat);
                }
                _ => {}
            }
            ask(game, &frame.seats)
        }
    }
}

/// H-SETUP-2/3: K generals to each seat, privately.
fn deal(game: &mut Game) {
    let players = game.seat_count();
    let mut pool: Vec<GeneralId> = game
        .general_pool
        .iter()
        .copied()
        .filter(|g| game.general(*g).halves > 0)
        .collect();
    pool.shuffle(&mut game.rng);
    let k = dealt_count(players, pool.len());
    let kingdom = |g: &GeneralId| game.general(*g).kingdom;
    let mut offers: Vec<Vec<GeneralId>> = pool
        .chunks(k.max(1))
        .take(players)
        .map(<[_]>::to_vec)
        .collect();
    offers.resize(players, Vec::new());
    if !offers.iter().all(|o| has_pair(o, &kingdom)) {
        offers = pairs_first(&pool, players, k, &kingdom);
        for offer in &mut offers {
            offer.shuffle(&mut game.rng);
        }
    }
    game.duos = offers.into_iter().map(Duo::offered).collect();
}

fn has_pair(offer: &[GeneralId], kingdom: &impl Fn(&GeneralId) -> Kingdom) -> bool {
    offer
        .iter()
        .enumerate()
        .any(|(i, g)| offer[i + 1..].iter().any(|h| kingdom(h) == kingdom(g)))
}

/// A deal from `pool` (shuffled) that gives each seat a pair of one kingdom first — the first
/// general left whose kingdom has another left, and the next of that kingdom — then fills every
/// offer up to `k` in pool order.
fn pairs_first(
    pool: &[GeneralId],
    players: usize,
    k: usize,
    kingdom: &impl Fn(&GeneralId) -> Kingdom,
) -> Vec<Vec<GeneralId>> {
    let mut rest = pool.to_vec();
    let mut offers = vec![Vec::new(); players];
    for offer in &mut offers {
        let first = rest
            .iter()
            .position(|g| rest.iter().filter(|h| kingdom(h) == kingdom(g)).count() >= 2);
        let Some(first) = first else { break };
        let g = rest.remove(first);
        if let Some(second) = rest.iter().position(|h| kingdom(h) == kingdom(&g)) {
            offer.push(g);
            offer.push(rest.remove(second));
        }
    }
    for offer in &mut offers {
        while offer.len() < k && !rest.is_empty() {
            offer.push(rest.remove(0));
        }
    }
    offers
}

/// The generals `seat` may choose now: as its main general, those with another of their
/// kingdom in its offer; as its deputy, the others of its main general's kingdom (any other if
/// the deal left it no pair).
pub fn choosable(game: &Game, seat: Seat) -> Vec<GeneralId> {
    let Some(duo) = game.duo(seat) else {
        return Vec::new();
    };
    let kingdom = |g: &GeneralId| game.general(*g).kingdom;
    let offer = &duo.offer;
    let same: Vec<GeneralId> = if duo.main == GeneralId::White {
        offer
            .iter()
            .copied()
            .filter(|g| offer.iter().any(|h| h != g && kingdom(h) == kingdom(g)))
            .collect()
    } else {
        offer
            .iter()
            .copied()
            .filter(|g| *g != duo.main && kingdom(g) == kingdom(&duo.main))
            .collect()
    };
    if same.is_empty() {
        offer.iter().copied().filter(|g| *g != duo.main).collect()
    } else {
        same
    }
}

/// `seat` chose `general`: its main general if it has none yet, else its deputy.
fn choose(game: &mut Game, seat: Seat, general: GeneralId) {
    if !choosable(game, seat).contains(&general) {
        return;
    }
    let duo = &mut game.duos[seat.index()];
    if duo.main == GeneralId::White {
        duo.main = general;
    } else {
        duo.deputy = general;
    }
}

/// Asks every seat still choosing — its generals, then what it pre-shows (预亮, `yuliang.rs`;
/// `preshown` have answered); once none is, seats them all.
fn ask(game: &mut Game, preshown: &[Seat]) -> Step {
    let prompts: Vec<Prompt> = (0..game.seat_count())
        .map(|i| Seat(i as u8))
        .filter(|s| !preshown.contains(s))
        .map(|seat| {
            if game.duos[seat.index()].deputy != GeneralId::White {
                return super::yuliang::prompt(seat);
            }
            let actions = choosable(game, seat)
                .into_iter()
                .map(|general| Action::General { general })
                .collect();
            Prompt::new(seat, PromptKind::ChooseGeneral, Choices::actions(actions))
        })
        .collect();
    if prompts.is_empty() {
        seat_all(game);
        return Step::Done;
    }
    Step::Ask(prompts)
}

/// H-SETUP-5: each seat, face down, with the HP of its two generals' halves (public), the 明置
/// rule's skill, and its generals named to itself.
fn seat_all(game: &mut Game) {
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        let (main, deputy) = {
            let duo = &mut game.duos[i];
            duo.offer.clear();
            (duo.main, duo.deputy)
        };
        let halves = game.general(main).halves + game.general(deputy).halves;
        game.duos[i].half_left = halves % 2 == 1;
        let max_hp = halves / 2;
        let role = game.role(seat);
        let options = game.mode_options();
        let state = crate::setup::seat_state(
            game.registry,
            game.mode,
            options,
            &|hp, _| hp,
            game.registry.white.id,
            role,
            Some(max_hp as i8),
            Some(max_hp),
        );
        game.seats[i] = state;
        game.emit(Event::GeneralShown {
            seat,
            general: game.registry.white.id,
            hp: max_hp as i8,
            max_hp,
        });
        crate::setup::announce_role_skills(game, seat);
        game.emit(Event::GeneralsChosen {
            seat,
            main: Some(main),
            deputy: Some(deputy),
        });
    }
}
