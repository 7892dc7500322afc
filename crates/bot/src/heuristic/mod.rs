//! [`HeuristicAgent`]: plays like a decent human, from its seat's view and events only.
//!
//! It keeps two things between decisions: its [`Beliefs`] about everyone's role and a short
//! [`Memory`] of what is being resolved (the 杀 in flight, the last damage, the judgment on the
//! table), which gives meaning to prompts that carry no context of their own (a bare "use 寒冰剑?").
//! Each decision scores the prompt's legal answers and picks the best; nothing clones or searches
//! the game, so a decision takes microseconds.
//!
//! Layout: `table` reads the view (distance, range, skills, relations), `value` prices cards,
//! `play` chooses in the play phase, `respond` answers requests, windows and rescues, `skills`
//! holds every general skill's conditions, `judge` reads judgments (鬼才, 观星), `guhuo` plays
//! and challenges 蛊惑.

mod direction;
mod gods;
mod guhuo;
mod heg_deck;
mod heg_roster;
mod hegemony;
mod judge;
mod kof;
mod maneuvering;
mod play;
mod respond;
mod score;
mod skills;
mod table;
mod value;

use crate::rules::KindRules;
use sgs_engine::{
    Action, CardId, CardKind, Cause, EventView, Prompt, PromptKind, Seat, SkillId, View,
};

use crate::agent::Agent;
use crate::belief::Beliefs;

pub(crate) use table::Ctx;

/// What is being resolved, as the seat saw it happen.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The latest 杀 used: user and targets.
    pub slash: Option<(Seat, Vec<Seat>)>,
    /// The latest trick used (instant or delayed): user, kind, targets.
    pub trick: Option<(Seat, CardKind, Vec<Seat>)>,
    /// The latest damage: source and target.
    pub damage: Option<(Option<Seat>, Seat)>,
    /// The judgment on the table: whose, which card, why.
    pub judged: Option<(Seat, CardId, Cause)>,
    /// Cards given away by 仁德 in the current phase.
    pub rende_given: u8,
    /// Active skills started in the current phase, with how often: a guard against starting a
    /// skill, declining its question and starting it again forever.
    pub skills_started: Vec<(SkillId, u8)>,
    /// Active skills whose question this seat declined in the current phase.
    pub skills_declined: Vec<SkillId>,
    /// For a hidden renegade: own turns waited since only the lord's side is left.
    pub turns_hidden: u8,
}

impl Memory {
    /// May the play phase start `skill` again?
    pub fn may_start(&self, skill: SkillId) -> bool {
        const MAX_PER_PHASE: u8 = 12;
        !self.skills_declined.contains(&skill)
            && self
                .skills_started
                .iter()
                .all(|(s, n)| *s != skill || *n < MAX_PER_PHASE)
    }

    /// Takes note of this seat's own answer.
    fn decided(&mut self, prompt: &Prompt, action: &Action) {
        match (&prompt.kind, action) {
            (PromptKind::Play, Action::Skill { skill, .. }) => {
                match self.skills_started.iter_mut().find(|(s, _)| s == skill) {
                    Some(entry) => entry.1 = entry.1.saturating_add(1),
                    None => self.skills_started.push((*skill, 1)),
                }
            }
            (
                PromptKind::Choose {
                    cause: Cause::Skill(skill),
                },
                Action::Pass,
            ) if self.skills_started.iter().any(|(s, _)| s == skill) => {
                self.skills_declined.push(*skill);
            }
            _ => {}
        }
    }
}

impl Memory {
    fn observe(&mut self, me: Seat, event: &EventView) {
        use sgs_engine::Event as E;
        match event {
            E::CardUsed {
                seat,
                card,
                targets,
            } => {
                if card.kind == CardKind::Slash {
                    self.slash = Some((*seat, targets.clone()));
                } else if card.kind.is_trick()
                    && !matches!(
                        card.kind,
                        CardKind::Nullification | CardKind::HegNullification
                    )
                {
                    self.trick = Some((*seat, card.kind, targets.clone()));
                }
            }
            E::Damaged { source, target, .. } => self.damage = Some((*source, *target)),
            E::Judged { seat, card, cause } => self.judged = Some((*seat, *card, *cause)),
            E::PhaseStarted { .. } => {
                self.rende_given = 0;
                self.skills_started.clear();
                self.skills_declined.clear();
            }
            E::CardsMoved {
                cards, from, to, ..
            } => {
                let from_me = from.iter().all(|z| *z == sgs_engine::Zone::Hand(me));
                let to_other = matches!(to, sgs_engine::Zone::Hand(s) if *s != me);
                if from_me && to_other {
                    self.rende_given = self.rende_given.saturating_add(cards.len() as u8);
                }
            }
            _ => {}
        }
    }
}

/// The heuristic player of one seat.
#[derive(Clone, Debug)]
pub struct HeuristicAgent {
    seat: Seat,
    beliefs: Beliefs,
    memory: Memory,
    /// 计分赛: plays for its own points (`score.rs`).
    scoring: bool,
}

impl HeuristicAgent {
    pub fn new(seat: Seat) -> Self {
        HeuristicAgent {
            seat,
            beliefs: Beliefs::new(seat),
            memory: Memory::default(),
            scoring: false,
        }
    }

    /// The agent for `seat` at a table of `ruleset`: it plays for its points in a 计分赛
    /// series (identity's option `series`, V-JF), else as [`HeuristicAgent::new`].
    pub fn for_ruleset(seat: Seat, ruleset: &sgs_engine::Ruleset) -> Self {
        let series = ruleset.mode == "identity"
            && sgs_engine::modes::identity::series::enabled(&ruleset.options);
        HeuristicAgent::new(seat).playing_for_score(series)
    }

    /// This agent, playing for its own points (计分赛, V-JF) when `on`.
    pub fn playing_for_score(mut self, on: bool) -> Self {
        self.scoring = on;
        self
    }

    /// What this agent believes about the others.
    pub fn beliefs(&self) -> &Beliefs {
        &self.beliefs
    }

    /// The play-phase actions worth considering, best first (the one `decide` would make
    /// first), at most `count` plays and then ending the phase: a search's candidates.
    pub fn play_candidates(&mut self, view: &View, prompt: &Prompt, count: usize) -> Vec<Action> {
        self.beliefs.note_dealt(&view.dealt);
        let mut ctx = Ctx::new(view, self.seat, &self.beliefs, &self.memory);
        ctx.scoring = self.scoring;
        play::ranked(&ctx, prompt, count)
    }

    /// Takes note of an answer made for this seat by someone else (a search choosing among
    /// this agent's candidates), as if it had made it.
    pub fn note_answer(&mut self, prompt: &Prompt, action: &Action) {
        self.memory.decided(prompt, action);
    }
}

impl Agent for HeuristicAgent {
    fn observe(&mut self, events: &[EventView]) {
        for event in events {
            self.beliefs.observe(event);
            self.memory.observe(self.seat, event);
            if matches!(event, sgs_engine::Event::TurnStarted { seat } if *seat == self.seat)
                && self.beliefs.renegade_hidden()
            {
                self.memory.turns_hidden = self.memory.turns_hidden.saturating_add(1);
            }
        }
    }

    fn decide(&mut self, view: &View, prompt: &Prompt) -> Action {
        self.beliefs.note_dealt(&view.dealt);
        let mut ctx = Ctx::new(view, self.seat, &self.beliefs, &self.memory);
        ctx.scoring = self.scoring;
        let action = match &prompt.kind {
            PromptKind::Play => play::play(&ctx, prompt),
            PromptKind::Respond {
                card, cause, from, ..
            } => respond::respond(&ctx, prompt, *card, *cause, *from),
            PromptKind::Save { dying } => respond::save(&ctx, prompt, *dying),
            PromptKind::Nullify {
                trick,
                target,
                countering,
            } => respond::nullify(&ctx, prompt, *trick, *target, *countering),
            PromptKind::Discard { count } => value::discard(&ctx, prompt, *count as usize),
            PromptKind::PickCard { owner, cause } => {
                respond::pick_card(&ctx, prompt, *owner, *cause)
            }
            PromptKind::Choose { cause } if maneuvering::is_fire_attack_payment(*cause) => {
                maneuvering::fire_attack_pay(&ctx, prompt)
            }
            PromptKind::Choose { cause } => skills::choose(&ctx, prompt, *cause),
            PromptKind::Show { .. } => maneuvering::show(&ctx, prompt),
            PromptKind::Pindian { with, .. } => skills::pindian(&ctx, prompt, *with),
            PromptKind::Confirm { skill } => skills::confirm(&ctx, prompt, *skill),
            PromptKind::Pool { cards } => value::pool(&ctx, prompt, cards),
            PromptKind::Arrange => judge::arrange(&ctx, prompt),
            PromptKind::ChooseGeneral => {
                skills::choose(&ctx, prompt, Cause::Phase(sgs_engine::Phase::Start))
            }
            PromptKind::ChooseSuit { cause } => skills::choose(&ctx, prompt, *cause),
            PromptKind::ChooseKingdom => gods::kingdom(&ctx, prompt),
            // Which of several simultaneous skills resolves first: any order will do.
            PromptKind::OrderSkills => prompt.default_action(),
            // Prompt kinds added to the engine after this agent was written are answered by the
            // generic chooser (a choice among the four suits is taken for 反间's).
            #[allow(unreachable_patterns)]
            _ => skills::choose(&ctx, prompt, skills::guess_cause(prompt)),
        };
        if prompt.choices.allows(&action) {
            self.memory.decided(prompt, &action);
            action
        } else {
            // A heuristic that builds an answer the prompt does not allow is a bug; the default
            // keeps the game going.
            debug_assert!(false, "illegal heuristic answer {action:?} to {prompt:?}");
            prompt.default_action()
        }
    }

    fn name(&self) -> &'static str {
        "heuristic"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sgs_engine::Choices;

    fn prompt(kind: PromptKind) -> Prompt {
        Prompt::new(
            Seat(0),
            kind,
            Choices::Actions {
                actions: Vec::new(),
            },
        )
    }

    #[test]
    fn a_skill_whose_question_was_declined_is_not_started_again_this_phase() {
        let mut memory = Memory::default();
        let start = Action::Skill {
            skill: SkillId::Qingnang,
            cards: Vec::new(),
            targets: Vec::new(),
        };
        memory.decided(&prompt(PromptKind::Play), &start);
        assert!(memory.may_start(SkillId::Qingnang));
        let question = prompt(PromptKind::Choose {
            cause: Cause::Skill(SkillId::Qingnang),
        });
        memory.decided(&question, &Action::Pass);
        assert!(!memory.may_start(SkillId::Qingnang));
        assert!(memory.may_start(SkillId::Kurou));
        // A new phase starts afresh.
        memory.observe(
            Seat(0),
            &sgs_engine::Event::PhaseStarted {
                seat: Seat(0),
                phase: sgs_engine::Phase::Play,
            },
        );
        assert!(memory.may_start(SkillId::Qingnang));
        // However often a skill is worth it, a phase uses it a bounded number of times.
        for _ in 0..12 {
            memory.decided(&prompt(PromptKind::Play), &start);
        }
        assert!(!memory.may_start(SkillId::Qingnang));
    }
}
