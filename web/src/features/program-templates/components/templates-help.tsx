import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import './program-templates.css';

/** /help/templates: how the builder, the manager and assignment work. */
export function TemplatesHelp() {
  return (
    <article className="tpl-page tpl-help">
      <h1>Program templates: help</h1>
      <p>
        A program template is a plan written on relative days (day 1, day 2, …) rather than on dates. You build it once and assign it to any athlete
        from any start date.
      </p>
      <h2>Building a template</h2>
      <ul>
        <li>Open the Builder tab. The Weeks view shows each week as Mon–Sun; the Days view shows the first 21 days.</li>
        <li>Press + on a day to add a workout. The same workout editor as the calendar opens, with the exercise library, set types, supersets and bulk entry.</li>
        <li>Click a workout card to edit it; Copy it and Paste it on another day; Select several to copy or delete them together (Undo brings a bulk delete back).</li>
        <li>Drag a workout card onto another day to move it there.</li>
        <li>Advanced Options set the program's duration (4 to 24 weeks), its name and its description.</li>
        <li>The side panels show the intent colours, how the planned sets split over the intents, and the template's volume and intensity figures (sets without reps are not counted).</li>
      </ul>
      <h2>Saving and managing</h2>
      <ul>
        <li>Save Template asks for a name (required), a category, a description, and whether other coaches may see it.</li>
        <li>The Manager tab lists your templates and other coaches' public ones. Load opens one in the builder; a public template of another coach is copied to your templates when you save it.</li>
      </ul>
      <h2>Assigning</h2>
      <ul>
        <li>Assign to Athlete: choose one of your athletes and a start date (today or later). Day 1 lands on the start date; the program ends on its last day.</li>
        <li>Assignment adds workouts: what the athlete already has on those dates stays. The athlete gets one e-mail for the program.</li>
        <li>In the athlete's calendar, the program's workouts carry the template's name. Its assignment can be removed (Unassign: future workouts without results are deleted, the rest stay) or brought up to date after you revised the template (Re-sync: workouts the athlete logged or you edited by hand are kept).</li>
      </ul>
      <p>
        <Link to={paths.app.programTemplates.getHref()}>Back to Program Templates</Link>
      </p>
    </article>
  );
}
