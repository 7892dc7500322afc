//! 暗魂 First-out protection within a 计分赛 series (`modes.md` V-AH): the seat that went out
//! first in the series' previous game (`protected`, counted from 1, set by the room's series
//! under `series = anhun`) cannot be brought below 1 HP (V-AH-2) until another character dies or
//! someone it attacked attacks it back (V-AH-3).
//!
//! "Attacks" (V-AH-3, our reading): uses a 杀, 决斗 or 火攻 targeting the character, or deals it
//! damage. The protection is public: `Event::Protection` says when it holds and when it ends.

use crate::card::CardKind;
use crate::def::option;
use crate::event::Event;
use crate::game::Game;
use crate::seat::Seat;

use super::OPTIONS;

/// The protection's state in a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    /// Ended for good (V-AH-3).
    pub ended: bool,
    /// The characters the protected one has attacked (V-AH-3b).
    pub provoked: Vec<Seat>,
    /// Said at the start of the game (`Event::Protection { on: true }`).
    pub announced: bool,
}

/// The seat the option names (counted from 1; 0 = none), in an identity game.
fn named(game: &Game) -> Option<Seat> {
    if game.mode().id != super::MODE.id {
        return None;
    }
    let n = option::number(OPTIONS, game.mode_options(), "protected");
    (1..=game.seat_count() as i64)
        .contains(&n)
        .then(|| Seat((n - 1) as u8))
}

/// The protected seat, while the protection holds: nobody has died yet (V-AH-3a) and it was
/// not ended by a retaliation (V-AH-3b).
pub fn protected(game: &Game) -> Option<Seat> {
    let seat = named(game)?;
    (!game.anhun.ended && game.deaths.is_empty() && game.is_alive(seat)).then_some(seat)
}

/// The protected seat as the table shows it: from its announcement at the start until
/// `Event::Protection { on: false }` (views follow the events, so this changes only with them).
pub(crate) fn announced(game: &Game) -> Option<Seat> {
    named(game).filter(|_| !game.anhun.ended && game.anhun.announced)
}

/// At the start of the game: the protection is announced (public).
pub(crate) fn announce(game: &mut Game) {
    if let Some(seat) = protected(game) {
        game.anhun.announced = true;
        game.emit(Event::Protection { seat, on: true });
    }
}

/// `attacker` attacks `target` (V-AH-3b): the protected character's targets are remembered; one
/// of them attacking it back ends the protection.
pub(crate) fn attacked(game: &mut Game, attacker: Seat, target: Seat) {
    let Some(seat) = protected(game) else {
        return;
    };
    if attacker == seat && target != seat {
        if !game.anhun.provoked.contains(&target) {
            game.anhun.provoked.push(target);
        }
    } else if target == seat && game.anhun.provoked.contains(&attacker) {
        end(game, seat);
    }
}

/// A card use: 杀, 决斗 and 火攻 attack each of their targets.
pub(crate) fn card_used(game: &mut Game, user: Seat, kind: CardKind, targets: &[Seat]) {
    if matches!(
        kind,
        CardKind::Slash | CardKind::Duel | CardKind::FireAttack
    ) {
        for &target in targets {
            attacked(game, user, target);
        }
    }
}

/// The part of `amount` (damage or loss of HP) that `seat` takes: while protected, never below
/// 1 HP — the excess is prevented (V-AH-2).
pub(crate) fn cap(game: &Game, seat: Seat, amount: u8) -> u8 {
    if protected(game) != Some(seat) {
        return amount;
    }
    let room = (game.seats[seat.index()].hp - 1).max(0) as u8;
    amount.min(room)
}

/// A death ends the protection (V-AH-3a): said once, as it happens.
pub(crate) fn on_death(game: &mut Game) {
    if let Some(seat) = named(game) {
        if !game.anhun.ended && game.deaths.len() == 1 {
            end(game, seat);
        }
    }
}

fn end(game: &mut Game, seat: Seat) {
    game.anhun.ended = true;
    game.emit(Event::Protection { seat, on: false });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardKind;
    use crate::ruleset::Options;
    use crate::seat::Role;
    use crate::testing::{cards, seat, table, Check};
    use crate::{Series, SeriesGame};

    /// The lord (seat 0, 诸葛连弩) with `hand`; the rebel at seat 1 with `hp`, protected (the
    /// option counts from 1); the renegade at seat 2 with 1 HP.
    fn protected_rebel(hand: &[CardKind], hp: i8) -> Check {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Renegade]);
        s.ruleset = s.ruleset.with_option("protected", 2i64);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).equip = cards(&[CardKind::Crossbow]);
        seat(&mut s, 1).hp = Some(hp);
        seat(&mut s, 2).hp = Some(1);
        Check::new(s)
    }

    fn protection_events(c: &Check) -> Vec<(Seat, bool)> {
        c.events
            .iter()
            .filter_map(|e| match e {
                Event::Protection { seat, on } => Some((*seat, *on)),
                _ => None,
            })
            .collect()
    }

    /// V-AH-1: the protection is announced at the start; V-AH-2: a 杀 on the protected
    /// character at 1 HP is prevented — it stays at 1 HP and never enters dying.
    #[test]
    fn v_ah_2_the_protected_keeps_its_last_hp() {
        let mut c = protected_rebel(&[CardKind::Slash, CardKind::Slash], 2);
        assert_eq!(protection_events(&c), [(Seat(1), true)]);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 1, "down to its last HP");
        c.card(0, CardKind::Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 1, "the excess is prevented");
        assert!(c.alive(1));
        assert!(!c.events.iter().any(|e| matches!(e, Event::Dying { .. })));
    }

    /// V-AH-3a: once another character dies, the protection is over for the game.
    #[test]
    fn v_ah_3a_a_death_ends_the_protection() {
        let mut c = protected_rebel(&[CardKind::Slash, CardKind::Slash], 1);
        // The lord kills the renegade (1 HP): a death.
        c.card(0, CardKind::Slash, &[2]).pass(2);
        c.pass_saves();
        assert!(!c.alive(2));
        assert_eq!(protection_events(&c), [(Seat(1), true), (Seat(1), false)]);
        assert_eq!(protected(&c.game), None);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        c.pass_saves();
        assert!(!c.alive(1), "no longer protected");
    }

    /// V-AH-3b: attacked by someone it attacked, the protected character loses the protection;
    /// attacked by anyone else, it keeps it.
    #[test]
    fn v_ah_3b_a_retaliation_ends_the_protection() {
        let mut c = protected_rebel(&[], 1);
        attacked(&mut c.game, Seat(2), Seat(1));
        assert_eq!(protected(&c.game), Some(Seat(1)), "not a retaliation");
        attacked(&mut c.game, Seat(1), Seat(0));
        assert_eq!(
            protected(&c.game),
            Some(Seat(1)),
            "attacking does not end it"
        );
        attacked(&mut c.game, Seat(0), Seat(1));
        assert_eq!(protected(&c.game), None, "the one it attacked strikes back");
        assert_eq!(cap(&c.game, Seat(1), 1), 1);
    }

    /// V-AH-3b through play: the protected lord uses a 杀 on the rebel, which makes the rebel's
    /// later attack on it a retaliation; its own 杀 is an attack (`card_used`).
    #[test]
    fn v_ah_3b_a_slash_is_an_attack() {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Loyalist]);
        s.ruleset = s.ruleset.with_option("protected", 1i64);
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        let mut c = Check::new(s);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        assert_eq!(c.game.anhun.provoked, [Seat(1)]);
        card_used(&mut c.game, Seat(1), CardKind::Duel, &[Seat(0)]);
        assert_eq!(protected(&c.game), None);
    }

    /// V-AH-1: in a 暗魂 series the next game protects the previous game's first out; in a
    /// plain series nobody.
    #[test]
    fn v_ah_1_the_first_out_is_protected_next_game() {
        let mut series = Series::new(4, Seat(0));
        series.played.push(SeriesGame {
            lord: Seat(0),
            points: vec![0; 4],
            first_out: Some(Seat(2)),
        });
        let anhun = series.next_options(&Options::default().with("series", "anhun"));
        assert_eq!(option::number(OPTIONS, &anhun, "protected"), 3);
        let plain = series.next_options(&Options::default().with("series", "on"));
        assert_eq!(option::number(OPTIONS, &plain, "protected"), 0);
    }
}
