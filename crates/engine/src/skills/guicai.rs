//! 鬼才 Guicai — 司马懿.
//!
//! 在一名角色的判定牌生效前，你可以打出一张手牌代替之。
//! Before any character's judgment card takes effect, you may play a hand card to replace it.
//!
//! A retrial: `resolve/judge.rs` offers each hand card to 司马懿 when his turn to retry comes
//! (seat order from the current seat); the new card is the result, the old one is discarded.
//! Only hand cards, never equipment (the 界限突破 version allows any card; not this one).

use crate::card::CardId;
use crate::def::skill::SkillDef;
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    retrial: Some(hand_cards),
    ..SkillDef::named(
        SkillId::Guicai,
        "鬼才",
        "Guicai",
        "在一名角色的判定牌生效前，你可以打出一张手牌代替之。",
        "Before any character's judgment card takes effect, you may play a hand card to replace it.",
    )
};

fn hand_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    game.hand(owner).to_vec()
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn retry_with(c: &mut Check, seat: u8, kind: CardKind) {
        let card = c.hand_card(seat, kind);
        c.act(
            seat,
            Action::Skill {
                skill: SkillId::Guicai,
                cards: vec![card],
                targets: vec![],
            },
        );
    }

    /// Seat 0 holds 闪电 and judges ♠7 (a hit); 司马懿 sits at seat 1.
    fn lightning(hand: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).judge = cards(&[Lightning]);
        seat(&mut s, 1).general = GeneralId::Simayi;
        seat(&mut s, 1).hand = cards(hand);
        seat(&mut s, 1).equip = cards(&[Axe]);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        c
    }

    #[test]
    fn replaces_a_lightning_hit_with_a_heart() {
        let mut c = lightning(&[Peach]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Choose { .. })));
        retry_with(&mut c, 1, Peach);
        assert_eq!(c.hp(0), 4);
        // A miss: 闪电 moves on to the next seat.
        assert_eq!(c.judge_area(1), vec![Lightning]);
        assert!(c.hand(1).is_empty());
        let discard: Vec<_> = c
            .game
            .table()
            .discard_pile
            .iter()
            .map(|id| c.game.card(*id))
            .collect();
        assert!(discard.iter().any(|card| card.kind == SavageAssault));
        assert!(discard.iter().any(|card| card.kind == Peach));
        c.assert_conserved();
    }

    #[test]
    fn only_hand_cards_may_replace() {
        let c = lightning(&[Peach, Jink]);
        let prompt = c.prompt(1);
        let offered = prompt.legal_actions(100);
        assert_eq!(offered.len(), 3, "two hand cards and pass: {offered:?}");
        let axe = c.game.table().seats[1].equipment().next().unwrap();
        assert!(!c.allows(
            1,
            &Action::Skill {
                skill: SkillId::Guicai,
                cards: vec![axe],
                targets: vec![]
            }
        ));
    }

    #[test]
    fn passing_keeps_the_judgment() {
        let mut c = lightning(&[Peach]);
        c.pass(1);
        assert_eq!(c.hp(0), 1);
        assert_eq!(c.hand(1), vec![Peach]);
    }

    #[test]
    fn turns_his_own_eight_diagram_red() {
        // Seat 0 slashes 司马懿, whose 八卦阵 judges ♠7; he replaces it with a ♥ 桃: dodged.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Simayi;
        seat(&mut s, 1).hand = cards(&[Peach]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).skill(1, SkillId::EightDiagram);
        retry_with(&mut c, 1, Peach);
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        c.assert_conserved();
    }

    #[test]
    fn turns_an_enemy_eight_diagram_black() {
        // 司马懿 slashes seat 1, whose 八卦阵 judges ♥; he replaces it with a black card.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Simayi;
        seat(&mut s, 0).hand = cards(&[Slash, Duel]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).skill(1, SkillId::EightDiagram);
        retry_with(&mut c, 0, Duel);
        // The 闪 was not given: seat 1 is asked again, without 八卦阵 this time, and passes.
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        c.assert_conserved();
    }
}
