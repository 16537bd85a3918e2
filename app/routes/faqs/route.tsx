import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteLink } from '~/components/ui/SiteLink';
import { cacheable } from '~/lib/response-cache';
import { PageHero, Prose } from '~/components/content/ContentPage';
import { cms } from '~/services/content/cms/index.server';

export const meta: MetaFunction = () => [
  { title: 'FAQs · Paceline' },
  { name: 'description', content: 'Answers to the questions riders ask most about Paceline.' },
];

export async function loader() {
  return { topics: await cms().getFaqs() };
}

// Spec 3 §2 "FAQ: topics with collapsible numbered questions." <details> collapses without JavaScript.
export default function Faqs() {
  const { topics } = useLoaderData<typeof loader>();
  return (
    <div className="faqs-page">
      <PageHero title="Frequently asked questions" excerpt="Quick answers about riding, racing and your account." />
      {topics.map((topic, topicIndex) => (
        <section key={topic.topic} className="faq-topic" aria-labelledby={`faq-topic-${topicIndex}`}>
          <h2 id={`faq-topic-${topicIndex}`}>{topic.topic}</h2>
          {topic.topic_description ? <p className="faq-topic-description">{topic.topic_description}</p> : null}
          <ol className="faq-list">
            {topic.questions.map((entry, index) => (
              <li key={entry.question}>
                <details className="faq-item">
                  <summary>
                    <span className="faq-number">{index + 1}.</span> {entry.question}
                  </summary>
                  <Prose html={entry.answer} className="faq-answer" />
                </details>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p className="faqs-more">
        Didn’t find your answer? <SiteLink to="/contact-us">Contact our support team</SiteLink>.
      </p>
    </div>
  );
}

export const handle = cacheable;
