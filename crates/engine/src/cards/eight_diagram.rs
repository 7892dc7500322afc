//! 八卦阵 Eight Diagram — 防具.
//!
//! 每当你需要使用或打出一张【闪】时，你可以进行判定：若结果为红色，视为你使用或打出了一张【闪】。
//! Whenever you need to use or play a 闪, you may judge: if red, you are treated as having used or
//! played a 闪. If black, you may still give a real 闪.

use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Provider, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::EightDiagram,
    ["八卦阵", "Eight Diagram", "每当你需要使用或打出一张【闪】时，你可以进行判定：若结果为红色，视为你使用或打出了一张【闪】。", "Whenever you need to use or play a Jink, you may judge: if red, you are treated as having used or played one."],
    Slot::Armor,
    0,
    Some(SkillId::EightDiagram),
);

pub static SKILL: SkillDef = SkillDef {
    provider: Some(Provider {
        kind: CardKind::Jink,
        can_provide: armor_works,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::EightDiagram,
        "八卦阵",
        "Eight Diagram",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn armor_works(game: &Game, owner: Seat, use_id: Option<usize>) -> bool {
    game.equipped_kind(owner, Slot::Armor) == Some(CardKind::EightDiagram)
        && game.armor_works(owner, use_id)
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    crate::resolve::judge::eight_diagram(game, frame)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::SkillId;
    use crate::prompt::{Cause, PromptKind};
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn judge(c: &mut Check) {
        c.act(
            1,
            Action::Skill {
                skill: SkillId::EightDiagram,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        );
    }

    fn slashed(top: CardSpec, hand: &[crate::card::CardKind]) -> Check {
        let mut s: Scenario = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        seat(&mut s, 1).hand = cards(hand);
        s.draw_pile_top = vec![top];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c
    }

    #[test]
    fn a_red_judgment_counts_as_a_jink() {
        let mut c = slashed(CardSpec::exact(Jink, Suit::Diamond, 2), &[]);
        judge(&mut c);
        assert_eq!(c.hp(1), 4);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Judged {
                cause: Cause::Skill(SkillId::EightDiagram),
                ..
            }
        )));
        // The judgment card is not the 闪: it goes to the discard pile.
        assert_eq!(c.discard_pile(), vec![Jink, Slash]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn after_a_black_judgment_a_real_jink_may_still_be_used() {
        let mut c = slashed(CardSpec::exact(Slash, Suit::Club, 2), &[Jink]);
        judge(&mut c);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        // Only once per request.
        assert!(!c
            .prompt(1)
            .legal_actions(16)
            .iter()
            .any(|a| matches!(a, Action::Skill { .. })));
        c.card(1, Jink, &[]);
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn a_black_judgment_without_jink_means_a_hit() {
        let mut c = slashed(CardSpec::exact(Slash, Suit::Spade, 8), &[]);
        judge(&mut c);
        c.pass(1);
        assert_eq!(c.hp(1), 3);
    }
}
