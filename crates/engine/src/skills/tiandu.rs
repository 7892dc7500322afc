//! 天妒 Tiandu — 郭嘉.
//!
//! 当你的判定牌生效后，你可以获得此牌。
//! After your judgment card takes effect, you may obtain it.
//!
//! Any judgment of 郭嘉's (a delayed trick, 八卦阵, a skill), as long as the card is still in the
//! processing area when the judgment has taken effect.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::Judged,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Tiandu,
        "天妒",
        "Tiandu",
        "当你的判定牌生效后，你可以获得此牌。",
        "After your judgment card takes effect, you may obtain it.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Judged { seat, card, .. }
        if *seat == owner && game.table.zone_of(*card) == Zone::Processing)
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Judged { card, .. } = data {
        game.move_cards(&[*card], Zone::Hand(owner));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn obtains_his_eight_diagram_judgment_and_the_jink_still_counts() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Guojia;
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).skill(1, SkillId::EightDiagram);
        assert!(c.is_asked(1, |k| matches!(
            k,
            PromptKind::Confirm {
                skill: SkillId::Tiandu
            }
        )));
        c.skill(1, SkillId::Tiandu);
        assert_eq!(c.hand(1), vec![Peach]);
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        c.assert_conserved();
    }

    #[test]
    fn obtains_a_black_eight_diagram_judgment_too() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Guojia;
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1])
            .skill(1, SkillId::EightDiagram)
            .skill(1, SkillId::Tiandu);
        assert_eq!(c.hand(1), vec![SavageAssault]);
        // The judgment failed: he is asked for a 闪 again and has none to give.
        c.pass(1);
        assert_eq!(c.hp(1), 2);
    }

    #[test]
    fn obtains_the_lightning_judgment_after_taking_the_damage() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Guojia;
        seat(&mut s, 0).max_hp = Some(5);
        seat(&mut s, 0).judge = cards(&[Lightning]);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        c.skill(0, SkillId::Tiandu);
        // Obtained as the judgment takes effect, before the 3 damage (then 遗计 asks).
        assert_eq!(c.hand(0), vec![SavageAssault]);
        assert_eq!(c.hp(0), 2);
        assert!(c.is_asked(0, |k| matches!(
            k,
            PromptKind::Confirm {
                skill: SkillId::Yiji
            }
        )));
    }

    #[test]
    fn only_his_own_judgments() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).judge = cards(&[Indulgence]);
        seat(&mut s, 1).general = GeneralId::Guojia;
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        assert!(!c.is_asked(1, |k| matches!(k, PromptKind::Confirm { .. })));
        let discarded = c
            .game
            .table()
            .discard_pile
            .iter()
            .map(|id| c.game.card(*id).kind);
        assert!(
            discarded.clone().any(|k| k == SavageAssault),
            "{:?}",
            discarded.collect::<Vec<_>>()
        );
    }

    #[test]
    fn may_decline() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 1).general = GeneralId::Guojia;
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        s.current = Some(crate::seat::Seat(1));
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows().pass(1);
        assert!(c.hand(1).len() == 2, "drew two in the draw phase only");
        assert_eq!(c.game.table().discard_pile.len(), 2);
    }
}
