//! The 2008 text edition of the standard generals (`edition = 2008`, `modes.md` §7.8 V-EARLY):
//! what the edition as a whole does, and the 2008 texts that the current skill already plays
//! (their tests live here, each naming its rule id). The 2008 texts that differ are in their
//! skills' files (`EARLY`), the 2008 prints in `standard.rs`.
//!
//! Same as the current skill, read from the leaflet ([S0]): 国色 (V-EARLY-17: a ♦ card as 乐不思蜀
//! in the play phase, nullifiable), 流离 (V-EARLY-18: only a 杀 she is the target of — a 杀 played
//! in a 决斗 has no target), 连营 (V-EARLY-19: a draw the moment the hand is empty, before what
//! follows), 奸雄 (V-EARLY-20: the damaging card, 闪电 included, never the 杀 played in a 决斗),
//! 突袭 (V-EARLY-25: random hand cards, one or two players), 天妒 (V-EARLY-27) and 遗计
//! (V-EARLY-28: two cards a point, kept or handed out).

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::config::GameConfig;
    use crate::game::Game;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::{Phase, PromptKind};
    use crate::ruleset::{Ruleset, DEFAULT_EDITION, EARLY_EDITION};
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn early(roles: &[crate::seat::Role]) -> Scenario {
        let mut s = table(roles);
        s.ruleset.edition = EARLY_EDITION.to_string();
        s
    }

    /// V-EARLY: under `edition = 2008` the 2008 prints stand in for their generals, with the
    /// same kingdom, gender, HP and lord mark; under the default edition they are never seated.
    #[test]
    fn v_early_the_2008_prints_replace_their_generals_only_under_2008() {
        let pool = |edition: &str| {
            let mut ruleset = Ruleset::standard();
            ruleset.edition = edition.to_string();
            match Game::new(GameConfig::new(5, ruleset), 1) {
                Ok(game) => game.general_pool().to_vec(),
                Err(e) => panic!("{e}"),
            }
        };
        let (new, old) = (pool(DEFAULT_EDITION), pool(EARLY_EDITION));
        assert_eq!((new.len(), old.len()), (25, 25));
        let registry = &crate::content::REGISTRY;
        let pack = registry.general_pack("standard").expect("standard pack");
        let prints: Vec<_> = pack
            .generals
            .iter()
            .filter(|g| g.printing.is_some())
            .collect();
        assert_eq!(prints.len(), 13);
        for print in prints {
            let Some(printing) = print.printing else {
                unreachable!()
            };
            let of = registry.general(printing.of);
            assert_eq!(printing.edition, EARLY_EDITION);
            assert_eq!(
                (of.kingdom, of.gender, of.max_hp, of.lord_candidate),
                (
                    print.kingdom,
                    print.gender,
                    print.max_hp,
                    print.lord_candidate
                ),
                "{:?}",
                print.id
            );
            assert!(new.contains(&of.id) && !new.contains(&print.id));
            assert!(old.contains(&print.id) && !old.contains(&of.id));
        }
        // A scenario cannot seat a 2008 print under the default edition.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::ZhouyuEarly;
        assert!(Game::from_scenario(s).is_err());
    }

    /// V-EARLY-17: 大乔's ♦ card as 乐不思蜀 in her play phase, as in the current text.
    #[test]
    fn v_early_17_guose_a_diamond_as_indulgence_in_the_play_phase() {
        let mut s = early(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Daqiao;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 2)];
        let mut c = Check::new(s);
        let jink = c.hand_card(0, Jink);
        let Some(action) = c.find(0, |cards, skill, targets| {
            skill == Some(SkillId::Guose) && cards == [jink] && targets == [Seat(1)]
        }) else {
            panic!("国色 is offered");
        };
        c.act(0, action);
        assert_eq!(c.judge_area(1), vec![Indulgence]);
    }

    /// V-EARLY-18: 流离 redirects a 杀 she is the target of to another character in her range,
    /// never to its user.
    #[test]
    fn v_early_18_liuli_redirects_a_slash() {
        let mut s = early(&[Lord, Rebel, Loyalist]);
        s.current = Some(Seat(1));
        seat(&mut s, 0).general = GeneralId::Daqiao;
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]);
        let peach = c.hand_card(0, Peach);
        let to = |seat: u8| Action::Skill {
            skill: SkillId::Liuli,
            cards: vec![peach],
            targets: vec![Seat(seat)],
        };
        assert!(!c.allows(0, &to(1)), "not the attacker");
        c.act(0, to(2)).pass(2);
        assert_eq!((c.hp(0), c.hp(2)), (3, 3));
    }

    /// V-EARLY-19: 陆逊's last 杀 hurts the 2008 司马懿: 陆逊 draws first, then 反馈 takes that
    /// card (the leaflet's example), and the empty hand draws again.
    #[test]
    fn v_early_19_lianying_draws_before_fankui_takes() {
        let mut s = early(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Luxun;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::SimayiEarly;
        s.draw_pile_top = cards(&[Peach, Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Lianying
            }));
        c.skill(0, SkillId::Lianying);
        assert_eq!(c.hand(0), vec![Peach]);
        c.pass(1);
        c.act(
            1,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert_eq!(c.hand(1), vec![Peach]);
        c.skill(0, SkillId::Lianying);
        assert_eq!(c.hand(0), vec![Jink]);
    }

    /// V-EARLY-20: 奸雄 takes the 闪电 that hit 曹操, and after a lost 决斗 the 决斗, not the 杀
    /// played in it.
    #[test]
    fn v_early_20_jianxiong_takes_lightning_and_the_duel_not_its_slashes() {
        let mut s = early(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Caocao;
        seat(&mut s, 0).judge = cards(&[Lightning]);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        assert_eq!(c.hp(0), 1);
        c.skill(0, SkillId::Jianxiong);
        assert!(c.hand(0).contains(&Lightning));

        let mut s = early(&[Lord, Rebel]);
        s.current = Some(Seat(1));
        seat(&mut s, 0).general = GeneralId::Caocao;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Duel, Slash]);
        let mut c = Check::new(s);
        c.card(1, Duel, &[0]).pass_windows();
        c.card(0, Slash, &[]).card(1, Slash, &[]).pass(0);
        assert_eq!(c.hp(0), 3);
        c.skill(0, SkillId::Jianxiong);
        assert_eq!(c.hand(0), vec![Duel]);
    }

    /// V-EARLY-25: 突袭 takes a random hand card from each of one or two players; with one other
    /// player left, one card in all.
    #[test]
    fn v_early_25_tuxi_one_card_when_one_other_player_remains() {
        let mut s = early(&[Lord, Rebel]);
        s.phase = Phase::Draw;
        seat(&mut s, 0).general = GeneralId::Zhangliao;
        seat(&mut s, 1).hand = cards(&[Peach, Jink]);
        let mut c = Check::new(s);
        let tuxi = |targets: Vec<Seat>| Action::Skill {
            skill: SkillId::Tuxi,
            cards: vec![],
            targets,
        };
        assert!(!c.allows(0, &tuxi(vec![Seat(1), Seat(1)])));
        c.act(0, tuxi(vec![Seat(1)]));
        assert_eq!((c.hand(0).len(), c.hand(1).len()), (1, 1));
    }

    /// V-EARLY-27: 天妒 takes 郭嘉's judgment card (here 乐不思蜀's).
    #[test]
    fn v_early_27_tiandu_takes_his_judgment_card() {
        let mut s = early(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Guojia;
        seat(&mut s, 0).judge = cards(&[Indulgence]);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows().skill(0, SkillId::Tiandu);
        assert!(c.hand(0).contains(&Slash));
    }

    /// V-EARLY-28: 遗计, two cards for each point: 闪电's 3 damage, six cards.
    #[test]
    fn v_early_28_yiji_two_cards_per_point() {
        let mut s = early(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Guojia;
        seat(&mut s, 0).judge = cards(&[Lightning]);
        seat(&mut s, 0).max_hp = Some(5);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows().pass(0);
        for _ in 0..3 {
            c.skill(0, SkillId::Yiji).pass(0);
        }
        assert_eq!(c.hp(0), 2);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.hand(0).len(), 3 * 2 + 2);
    }
}
