//! 仁德 Rende, 国战 text — 刘备 (国战, H-SK-rende).
//!
//! 出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到三张或更多时，你回复1点体力。
//! In your play phase you may give any number of hand cards to other characters; the first time
//! this phase the total given reaches three, you recover 1 HP.
//!
//! The identity 仁德 (`rende.rs`) heals at two cards; this one at three. Same procedure: each
//! invocation names one other character, then the cards; the running total is this turn's mark.

use crate::def::skill::{Active, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;

use super::rende;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active {
        can_use: rende::can_use,
    }),
    active_targets: Some(rende::others),
    step: Some(step),
    ..SkillDef::named(
        SkillId::RendeHeg,
        "仁德",
        "Rende",
        "出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到三张或更多时，你回复1点体力。",
        "In your play phase you may give any number of hand cards to other characters; the first time this phase the total given reaches three, you recover 1 HP.",
    )
};

/// 仁德: give, and heal once the total given this phase reaches three (H-SK-rende).
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    rende::give(game, frame, SkillId::RendeHeg, 3)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// 国战 刘备 (seat 0, shown, 2 HP) in his play phase with `hand`.
    fn liubei(hand: &[CardKind]) -> Check {
        let mut s = table(&[
            (G::HegLiubei, G::HegGuanyu, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(hand);
        Check::new(s)
    }

    fn give(c: &mut Check, kinds: &[CardKind]) {
        c.act(
            0,
            Action::Skill {
                skill: SkillId::RendeHeg,
                cards: Vec::new(),
                targets: vec![Seat(1)],
            },
        );
        let mut chosen = Vec::new();
        for kind in kinds {
            let card = c
                .game
                .hand(Seat(0))
                .iter()
                .copied()
                .find(|id| c.game.card(*id).kind == *kind && !chosen.contains(id))
                .expect("card in hand");
            chosen.push(card);
        }
        c.act(0, Action::Cards { cards: chosen });
    }

    /// H-SK-rende: two cards given heal nothing (the identity text would); the third heals, once.
    #[test]
    fn h_sk_rende_the_third_card_given_heals_once() {
        let mut c = liubei(&[Slash, Jink, Peach, Duel]);
        give(&mut c, &[Slash, Jink]);
        assert_eq!(c.hp(0), 2, "two cards are not enough in 国战");
        give(&mut c, &[Peach]);
        assert_eq!(c.hp(0), 3, "the running total reached three");
        give(&mut c, &[Duel]);
        assert_eq!(c.hp(0), 3, "at most one heal per phase");
        assert_eq!(c.hand(1).len(), 4);
        c.assert_conserved();
    }
}
