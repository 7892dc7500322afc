//! The 神 God general pack (神话再临: the four gods of 风 and 火): one roster row per general
//! (id, names, kingdom, gender, max HP, skills). Their card says 神; each chooses the kingdom it
//! plays for at the start (W-MECH-GOD-1), and none is lord-eligible (W-ROSTER-2).
//!
//! Source: `shared/rules/generals-wind-fire.md` §1 and §4.

use crate::def::{General, GeneralPack};
use crate::ids::{GeneralId, SkillId};
use crate::seat::{Gender, Kingdom};

#[allow(unused_imports)]
use Gender::{Female as F, Male as M};
#[allow(unused_imports)]
use Kingdom::*;

pub static PACK: GeneralPack = GeneralPack {
    id: "god",
    version: 1,
    name_zh: "神",
    name_en: "Gods",
    modes: &[],
    generals: ROSTER,
};

/// The gods: id, names, kingdom, gender, max HP, skills.
#[rustfmt::skip]
const ROSTER: &[General] = &[
    General::new(GeneralId::ShenGuanyu, "神关羽", "God Guan Yu", God, M, 5, &[SkillId::Wushen, SkillId::Wuhun]),
    General::new(GeneralId::ShenLvmeng, "神吕蒙", "God Lü Meng", God, M, 3, &[SkillId::Shelie, SkillId::Gongxin]),
    General::new(GeneralId::ShenZhouyu, "神周瑜", "God Zhou Yu", God, M, 4, &[SkillId::Qinyin, SkillId::Yeyan]),
    General::new(GeneralId::ShenZhugeliang, "神诸葛亮", "God Zhuge Liang", God, M, 3, &[SkillId::Qixing, SkillId::Kuangfeng, SkillId::Dawu]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::config::GameConfig;
    use crate::event::Event;
    use crate::game::Game;
    use crate::prompt::PromptKind;
    use crate::ruleset::Ruleset;
    use crate::seat::Seat;

    #[test]
    fn ids_are_unique_and_resolve_to_their_row() {
        for (i, g) in ROSTER.iter().enumerate() {
            assert_eq!(crate::content::REGISTRY.general(g.id).id, g.id);
            assert!(ROSTER[i + 1..].iter().all(|other| other.id != g.id));
        }
    }

    #[test]
    fn w_roster_2_gods_say_god_and_are_never_lord_eligible() {
        assert!(ROSTER.iter().all(|g| g.kingdom == God && !g.lord_candidate));
    }

    /// Plays general selection of a 2-seat game with only the gods, every seat taking its first
    /// offer; returns the game at the first kingdom prompt.
    fn gods_chosen(seed: u64) -> (Game, Vec<Event>) {
        let mut ruleset = Ruleset::standard();
        ruleset.generals = vec!["god".to_string()];
        let mut game = match Game::new(GameConfig::new(2, ruleset), seed) {
            Ok(game) => game,
            Err(e) => panic!("{e}"),
        };
        let mut events = game.take_events().0;
        while let Some(prompt) = game
            .prompts()
            .iter()
            .find(|p| p.kind == PromptKind::ChooseGeneral)
            .cloned()
        {
            let action = prompt.legal_actions(8)[0].clone();
            match game.act(prompt.seat, action) {
                Ok(e) => events.extend(e.0),
                Err(e) => panic!("{e}"),
            }
        }
        (game, events)
    }

    #[test]
    fn w_mech_god_1_each_god_chooses_a_kingdom_before_the_hands_are_dealt() {
        let (mut game, mut events) = gods_chosen(3);
        let gods = (0..2)
            .filter(|s| game.seat(Seat(*s)).kingdom == God)
            .count();
        assert!(gods > 0);
        for i in 0..gods {
            let prompt = game.prompts()[0].clone();
            assert_eq!(prompt.kind, PromptKind::ChooseKingdom);
            let god = prompt.seat;
            assert_eq!(game.seat(god).kingdom, God);
            // No hand yet.
            assert!(game.hand(god).is_empty());
            assert_eq!(prompt.legal_actions(8).len(), 4);
            let index = (i + 1) as u8;
            match game.act(god, Action::Option { index }) {
                Ok(e) => events.extend(e.0),
                Err(e) => panic!("{e}"),
            }
            assert_eq!(game.seat(god).kingdom, Kingdom::CHOOSABLE[i + 1]);
            // Public: everyone's view shows it.
            for viewer in [Seat(0), Seat(1)] {
                assert_eq!(
                    game.view(viewer).seats[god.index()].kingdom,
                    Kingdom::CHOOSABLE[i + 1]
                );
            }
        }
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::KingdomChosen { .. })));
        // Then the hands are dealt.
        assert!(!game.hand(Seat(0)).is_empty());
    }
}
