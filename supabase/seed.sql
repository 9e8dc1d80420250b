-- Demo content: a fictional "CDO Vision" series of executive dinners, roundtables and summits for
-- chief data and AI officers. Every person, company and sponsor is invented; e-mail addresses use
-- the reserved .example domain; images are the project's own (scripts/generate-demo-images.ts
-- draws every /demo/... file named below).
--
-- Deterministic: same rows and ids on every run (ids are md5 of a stable key), except dates, which
-- are relative to the day it runs so upcoming events stay upcoming. Re-running is a no-op
-- (on conflict do nothing). It creates no auth user and no admin: the local backend creates the
-- demo admin itself, and a hosted project invites its admins.
--
-- Fast: one statement per table, rows built from VALUES lists and generate_series.

-- Sponsor tiers ----------------------------------------------------------------------------------
insert into public.sponsor_tiers (id, name, color, display_order)
values
  (md5('cdo-vision-demo/tier/premier')::uuid, 'Premier', 'hsl(45 96% 64%)', 1),
  (md5('cdo-vision-demo/tier/platinum')::uuid, 'Platinum', 'hsl(210 16% 82%)', 2),
  (md5('cdo-vision-demo/tier/gold')::uuid, 'Gold', 'hsl(40 82% 72%)', 3),
  (md5('cdo-vision-demo/tier/exhibitor')::uuid, 'Exhibitor', 'hsl(190 60% 86%)', 4)
on conflict (id) do nothing;

-- Sponsor library (two without a logo: the site shows their name instead) ------------------------
insert into public.sponsors_library (id, name, logo_url, website, description)
select md5('cdo-vision-demo/sponsor/' || s.n)::uuid, s.name, s.logo_url, s.website, s.description
from (values
  (1, 'Lumen Data Cloud', '/demo/logos/lumen-data-cloud.webp', 'https://lumen-data-cloud.example.com',
   'A managed lakehouse platform built for regulated industries, with governance and lineage included.'),
  (2, 'Arclight AI', '/demo/logos/arclight-ai.webp', 'https://arclight-ai.example.com',
   'Enterprise AI assistants grounded in your own documents, with access controls that follow your data.'),
  (3, 'Vectorline', '/demo/logos/vectorline.webp', 'https://vectorline.example.com',
   'Vector search and retrieval infrastructure that scales from first pilot to millions of queries a day.'),
  (4, 'Granite Analytics', '/demo/logos/granite-analytics.webp', 'https://granite-analytics.example.com',
   'Self-service analytics and a shared semantic layer, so every team uses the same definitions.'),
  (5, 'Cobalt Governance', '/demo/logos/cobalt-governance.webp', 'https://cobalt-governance.example.com',
   'Data catalogue, lineage and policy management for organisations with thousands of data sets.'),
  (6, 'Nimbus Streamworks', '/demo/logos/nimbus-streamworks.webp', 'https://nimbus-streamworks.example.com',
   'Real-time streaming pipelines as a managed service, from change data capture to live dashboards.'),
  (7, 'Sentinel Privacy', '/demo/logos/sentinel-privacy.webp', 'https://sentinel-privacy.example.com',
   'Privacy engineering, consent management and data residency controls across clouds.'),
  (8, 'Helix Observability', null, 'https://helix-observability.example.com',
   'Data and model observability that catches broken pipelines and drifting models before users do.'),
  (9, 'Quillmark', '/demo/logos/quillmark.webp', 'https://quillmark.example.com',
   'Document intelligence for finance, legal and procurement teams.'),
  (10, 'Orbital MLOps', '/demo/logos/orbital-mlops.webp', 'https://orbital-mlops.example.com',
   'Model deployment, monitoring and cost control for machine learning and generative AI.'),
  (11, 'Prism Insight', '/demo/logos/prism-insight.webp', 'https://prism-insight.example.com',
   'Embedded dashboards and automated narrative reporting for business users.'),
  (12, 'Tessellate Labs', null, 'https://tessellate-labs.example.com',
   'Privacy-safe synthetic data for testing, analytics and model training.'),
  (13, 'Beacon Quality', '/demo/logos/beacon-quality.webp', 'https://beacon-quality.example.com',
   'Automated data quality rules, scorecards and alerts that business owners can read.'),
  (14, 'Ferrous Integration', '/demo/logos/ferrous-integration.webp', 'https://ferrous-integration.example.com',
   'An integration platform that connects decades-old core systems to the cloud.')
) as s (n, name, logo_url, website, description)
on conflict (id) do nothing;

-- Attendees --------------------------------------------------------------------------------------
-- Bios are composed from four templates and phrase lists so that 60 profiles read differently
-- without 60 hand-written essays. A few people have no photo, no company logo or no bio, so the
-- site's fallbacks ('No photo', 'No bio available') and the admin bulk tools have something to do.
with
  earlier (i, phrase) as (values
    (0, 'built the first enterprise data warehouse at a national retailer'),
    (1, 'led analytics transformation programmes for a global consultancy'),
    (2, 'ran risk modelling for a European investment bank'),
    (3, 'founded and sold a small machine-learning start-up'),
    (4, 'headed customer analytics at a pan-Asian telecom operator'),
    (5, 'set up the data office of a state-owned utility'),
    (6, 'managed a two-hundred-person engineering organisation in the automotive sector'),
    (7, 'served as chief statistician for a public health agency'),
    (8, 'built pricing and revenue-management models for an international airline'),
    (9, 'led the data governance office of a global insurer through two regulatory reviews'),
    (10, 'worked as a research scientist in computational biology'),
    (11, 'ran digital marketing analytics for a luxury goods house'),
    (12, 'created a shared data platform for a consortium of regional hospitals'),
    (13, 'led supply chain analytics for a multinational food producer'),
    (14, 'advised central banks on data standards and reporting')),
  achievement (i, phrase) as (values
    (0, 'consolidated forty regional data platforms into a single governed lakehouse'),
    (1, 'moved more than thirty generative AI pilots into production with clear cost controls'),
    (2, 'cut monthly regulatory reporting from twelve days to three'),
    (3, 'launched a data literacy academy that has trained over eight thousand employees'),
    (4, 'built a demand-forecasting service that reduced stock-outs by a fifth'),
    (5, 'introduced data product ownership in every business unit'),
    (6, 'delivered an AI-assisted claims process that settles simple claims in minutes'),
    (7, 'created a customer data platform that unified records for twelve million customers'),
    (8, 'stood up an AI risk committee that reviews every model before launch'),
    (9, 'saved an estimated forty million a year through predictive maintenance'),
    (10, 'replaced hundreds of manual spreadsheets with trusted self-service dashboards'),
    (11, 'signed the first data-sharing agreements with industry partners'),
    (12, 'made data quality a board-level measure with published monthly scores'),
    (13, 'reduced cloud data costs by a third while usage doubled'),
    (14, 'built a privacy-by-design framework adopted across the group'),
    (15, 'launched a route-optimisation model now used in every depot'),
    (16, 'brought clinical and operational data together for the first time'),
    (17, 'shipped a retrieval-augmented assistant used daily by ten thousand staff'),
    (18, 'created a real-time fraud detection service that checks millions of payments a day'),
    (19, 'delivered a single view of energy assets across three continents')),
  interest (i, phrase) as (values
    (0, 'mentors first-time data leaders through a women-in-data network'),
    (1, 'teaches an evening course on applied statistics'),
    (2, 'serves on the advisory board of a university AI institute'),
    (3, 'writes a widely read newsletter on data strategy'),
    (4, 'volunteers with a charity that teaches coding to teenagers'),
    (5, 'runs marathons, slowly but reliably'),
    (6, 'chairs an industry working group on data standards'),
    (7, 'co-hosts a podcast about the human side of AI'),
    (8, 'advises early-stage start-ups on building their first data teams'),
    (9, 'sits on the ethics panel of a national research council'),
    (10, 'sails, and reads far too much about astronomy'),
    (11, 'supports open-data projects in the public sector')),
  priority (i, topic) as (values
    (0, 'Data governance'), (1, 'Generative AI adoption'), (2, 'Data literacy'), (3, 'Cloud cost optimisation'),
    (4, 'Data quality'), (5, 'Responsible AI'), (6, 'Data products'), (7, 'Customer 360'),
    (8, 'Regulatory reporting'), (9, 'Talent and hiring'), (10, 'Real-time analytics'),
    (11, 'Master data management'), (12, 'Privacy engineering'), (13, 'AI agents'),
    (14, 'Data monetisation'), (15, 'Platform modernisation')),
  current_focus (i, sentence) as (values
    (0, 'Moving generative AI use cases from pilot to production with clear guardrails.'),
    (1, 'Rolling out a data product operating model across all business units.'),
    (2, 'Consolidating legacy warehouses onto a single cloud platform.'),
    (3, 'Building an AI governance framework that is ready for new regulation.'),
    (4, 'Raising data literacy among senior leaders and frontline teams alike.'),
    (5, 'Improving data quality for regulatory and financial reporting.'),
    (6, 'Creating a unified customer view across channels and markets.'),
    (7, 'Reducing the cost of the data estate while usage keeps growing.'),
    (8, 'Hiring and keeping machine-learning engineers in a tight market.'),
    (9, 'Tracking the value of every data and AI initiative against a named business outcome.'),
    (10, 'Protecting sensitive data as more teams use AI assistants.'),
    (11, 'Modernising master data for products, suppliers and customers.')),
  future_focus (i, sentence) as (values
    (0, 'Agentic AI that automates whole business processes, with people in control.'),
    (1, 'A marketplace of reusable data products for partners and customers.'),
    (2, 'Real-time decisions at the edge of operations.'),
    (3, 'Reporting the return on every AI investment as routinely as any other spend.'),
    (4, 'Privacy-enhancing technologies for cross-border data sharing.'),
    (5, 'A data-driven culture that outlasts any single leader.'),
    (6, 'Continuous rather than annual sustainability reporting.'),
    (7, 'Smaller, specialised models that run cheaply on company data.'),
    (8, 'An operating model in which every team owns the quality of its data.'),
    (9, 'Treating data as an asset with a value on the balance sheet.'),
    (10, 'An AI copilot for every knowledge worker in the organisation.'),
    (11, 'Data collaboration with suppliers across the whole value chain.')),
  person (n, handle, name, job_title, company, industry, photo_url, company_logo_url) as (values
    (1, 'amara-okafor', 'Amara Okafor', 'Chief Data Officer', 'Halvorsen Maritime', 'shipping and logistics', '/demo/people/amara-okafor.webp', '/demo/logos/halvorsen-maritime.webp'),
    (2, 'liam-fitzgerald', 'Liam Fitzgerald', 'Chief Data & Analytics Officer', 'Brightwater Insurance Group', 'insurance', '/demo/people/liam-fitzgerald.webp', '/demo/logos/brightwater-insurance-group.webp'),
    (3, 'mei-lin-chen', 'Mei-Lin Chen', 'Chief AI Officer', 'Kestrel Logistics', 'logistics', '/demo/people/mei-lin-chen.webp', '/demo/logos/kestrel-logistics.webp'),
    (4, 'rafael-souza', 'Rafael Souza', 'VP Data Platforms', 'Solace Bank', 'retail banking', '/demo/people/rafael-souza.webp', '/demo/logos/solace-bank.webp'),
    (5, 'priya-raman', 'Priya Raman', 'Chief Data Officer', 'Meridian Health Partners', 'healthcare', '/demo/people/priya-raman.webp', null),
    (6, 'jonas-lindqvist', 'Jonas Lindqvist', 'Head of Data & AI', 'Nordvik Energy', 'energy', '/demo/people/jonas-lindqvist.webp', '/demo/logos/nordvik-energy.webp'),
    (7, 'fatima-al-sayed', 'Fatima Al-Sayed', 'Chief Digital & Data Officer', 'Qasr Hospitality Group', 'hospitality', null, '/demo/logos/qasr-hospitality-group.webp'),
    (8, 'daniel-mensah', 'Daniel Mensah', 'Group Chief Data Officer', 'Atlas Ridge Retail', 'retail', '/demo/people/daniel-mensah.webp', '/demo/logos/atlas-ridge-retail.webp'),
    (9, 'sofia-marchetti', 'Sofia Marchetti', 'Chief Analytics Officer', 'Verdant Foods', 'food and beverage', '/demo/people/sofia-marchetti.webp', '/demo/logos/verdant-foods.webp'),
    (10, 'hiroshi-tanaka', 'Hiroshi Tanaka', 'Executive Director, Data Strategy', 'Kaminari Motors', 'automotive', '/demo/people/hiroshi-tanaka.webp', '/demo/logos/kaminari-motors.webp'),
    (11, 'chloe-dubois', 'Chloé Dubois', 'Chief Data Officer', 'Lumière Cosmetics', 'consumer goods', '/demo/people/chloe-dubois.webp', '/demo/logos/lumiere-cosmetics.webp'),
    (12, 'marcus-johnson', 'Marcus Johnson', 'SVP Enterprise Data', 'Corvid Telecom', 'telecommunications', '/demo/people/marcus-johnson.webp', '/demo/logos/corvid-telecom.webp'),
    (13, 'aisha-bello', 'Aisha Bello', 'Head of AI Governance', 'Tidewell Pharmaceuticals', 'pharmaceuticals', '/demo/people/aisha-bello.webp', '/demo/logos/tidewell-pharmaceuticals.webp'),
    (14, 'tomasz-nowak', 'Tomasz Nowak', 'Director of Data Engineering', 'Vistula Rail', 'rail transport', '/demo/people/tomasz-nowak.webp', null),
    (15, 'isabella-rossi', 'Isabella Rossi', 'Chief Data Officer', 'Arcadia Fashion House', 'luxury retail', '/demo/people/isabella-rossi.webp', '/demo/logos/arcadia-fashion-house.webp'),
    (16, 'ethan-brooks', 'Ethan Brooks', 'Chief Data Scientist', 'Pinecrest Capital', 'asset management', '/demo/people/ethan-brooks.webp', '/demo/logos/pinecrest-capital.webp'),
    (17, 'ananya-iyer', 'Ananya Iyer', 'VP Analytics & AI', 'Saffron Telecom', 'telecommunications', '/demo/people/ananya-iyer.webp', '/demo/logos/saffron-telecom.webp'),
    (18, 'lucas-ferreira', 'Lucas Ferreira', 'Chief Data Officer', 'Cerrado Agritech', 'agriculture', '/demo/people/lucas-ferreira.webp', '/demo/logos/cerrado-agritech.webp'),
    (19, 'grace-kim', 'Grace Kim', 'Head of Data Strategy', 'Bluewave Airlines', 'aviation', '/demo/people/grace-kim.webp', '/demo/logos/bluewave-airlines.webp'),
    (20, 'oliver-hughes', 'Oliver Hughes', 'Chief Information & Data Officer', 'Greyfriars Utilities', 'utilities', '/demo/people/oliver-hughes.webp', '/demo/logos/greyfriars-utilities.webp'),
    (21, 'nadia-haddad', 'Nadia Haddad', 'Chief Data Officer', 'Levant Crescent Bank', 'banking', '/demo/people/nadia-haddad.webp', '/demo/logos/levant-crescent-bank.webp'),
    (22, 'samuel-adeyemi', 'Samuel Adeyemi', 'Director of AI', 'Lagoon Pay', 'payments', '/demo/people/samuel-adeyemi.webp', null),
    (23, 'elena-petrova', 'Elena Petrova', 'Chief Data Officer', 'Baltic Mutual', 'insurance', null, '/demo/logos/baltic-mutual.webp'),
    (24, 'kenji-watanabe', 'Kenji Watanabe', 'Head of Data Platforms', 'Hoshizora Electronics', 'electronics manufacturing', '/demo/people/kenji-watanabe.webp', '/demo/logos/hoshizora-electronics.webp'),
    (25, 'camila-rodriguez', 'Camila Rodríguez', 'VP Data & Insights', 'Andes Beverage Company', 'beverages', '/demo/people/camila-rodriguez.webp', '/demo/logos/andes-beverage-company.webp'),
    (26, 'william-osei', 'William Osei', 'Chief Analytics Officer', 'Ashanti Ridge Minerals', 'mining', '/demo/people/william-osei.webp', '/demo/logos/ashanti-ridge-minerals.webp'),
    (27, 'hannah-schmidt', 'Hannah Schmidt', 'Chief Data Officer', 'Rheinwerk Chemicals', 'chemicals', '/demo/people/hannah-schmidt.webp', '/demo/logos/rheinwerk-chemicals.webp'),
    (28, 'arjun-mehta', 'Arjun Mehta', 'Global Head of Data', 'Monsoon Consumer Brands', 'consumer goods', '/demo/people/arjun-mehta.webp', '/demo/logos/monsoon-consumer-brands.webp'),
    (29, 'zoe-taylor', 'Zoë Taylor', 'Chief Data & AI Officer', 'Southern Cross Health', 'healthcare', '/demo/people/zoe-taylor.webp', '/demo/logos/southern-cross-health.webp'),
    (30, 'mateo-garcia', 'Mateo García', 'Director of Data Governance', 'Solaria Renewables', 'renewable energy', '/demo/people/mateo-garcia.webp', null),
    (31, 'yasmin-rahman', 'Yasmin Rahman', 'Chief Data Officer', 'Zenith Takaful', 'insurance', '/demo/people/yasmin-rahman.webp', '/demo/logos/zenith-takaful.webp'),
    (32, 'noah-williams', 'Noah Williams', 'VP Machine Learning', 'Lanternfish Media', 'media', '/demo/people/noah-williams.webp', '/demo/logos/lanternfish-media.webp'),
    (33, 'leila-karimi', 'Leila Karimi', 'Head of Enterprise Analytics', 'Silkway Freight', 'freight and logistics', '/demo/people/leila-karimi.webp', '/demo/logos/silkway-freight.webp'),
    (34, 'benjamin-clarke', 'Benjamin Clarke', 'Chief Data Officer', 'Ashford Building Society', 'mortgage lending', '/demo/people/benjamin-clarke.webp', '/demo/logos/ashford-building-society.webp'),
    (35, 'sakura-yamamoto', 'Sakura Yamamoto', 'Chief AI Officer', 'Minato Insurance', 'insurance', '/demo/people/sakura-yamamoto.webp', '/demo/logos/minato-insurance.webp'),
    (36, 'kwame-asante', 'Kwame Asante', 'Group Head of Data', 'Volta Telecom', 'telecommunications', '/demo/people/kwame-asante.webp', '/demo/logos/volta-telecom.webp'),
    (37, 'ingrid-johansson', 'Ingrid Johansson', 'Chief Data Officer', 'Fjordline Seafood', 'food production', '/demo/people/ingrid-johansson.webp', '/demo/logos/fjordline-seafood.webp'),
    (38, 'diego-morales', 'Diego Morales', 'VP Data Engineering', 'Pampa Retail Group', 'retail', '/demo/people/diego-morales.webp', '/demo/logos/pampa-retail-group.webp'),
    (39, 'olivia-bennett', 'Olivia Bennett', 'Chief Data Officer', 'Kingsbridge University Hospitals', 'healthcare', '/demo/people/olivia-bennett.webp', null),
    (40, 'ravi-krishnan', 'Ravi Krishnan', 'Chief Data & Analytics Officer', 'Indus Steel Works', 'manufacturing', '/demo/people/ravi-krishnan.webp', '/demo/logos/indus-steel-works.webp'),
    (41, 'lucia-fernandez', 'Lucía Fernández', 'Head of AI', 'Mediterra Hotels', 'hospitality', null, '/demo/logos/mediterra-hotels.webp'),
    (42, 'thomas-muller', 'Thomas Müller', 'Chief Data Officer', 'Alpenbank Privat', 'private banking', '/demo/people/thomas-muller.webp', '/demo/logos/alpenbank-privat.webp'),
    (43, 'amina-diallo', 'Amina Diallo', 'Director of Data Science', 'Sahel Connect', 'telecommunications', '/demo/people/amina-diallo.webp', '/demo/logos/sahel-connect.webp'),
    (44, 'jack-oconnor', 'Jack O''Connor', 'Chief Data Officer', 'Liffey Insurance', 'insurance', '/demo/people/jack-oconnor.webp', '/demo/logos/liffey-insurance.webp'),
    (45, 'yuna-park', 'Yuna Park', 'VP Data & AI', 'Hanbit Bio', 'biotechnology', '/demo/people/yuna-park.webp', '/demo/logos/hanbit-bio.webp'),
    (46, 'gabriel-silva', 'Gabriel Silva', 'Chief Analytics Officer', 'Rio Claro Energia', 'energy', '/demo/people/gabriel-silva.webp', '/demo/logos/rio-claro-energia.webp'),
    (47, 'emma-van-dijk', 'Emma van Dijk', 'Chief Data Officer', 'Polder Logistics', 'logistics', '/demo/people/emma-van-dijk.webp', null),
    (48, 'omar-farouk', 'Omar Farouk', 'Chief Data Officer', 'Nile Delta Foods', 'food and beverage', '/demo/people/omar-farouk.webp', '/demo/logos/nile-delta-foods.webp'),
    (49, 'charlotte-martin', 'Charlotte Martin', 'Head of Data Governance', 'Rivoli Asset Management', 'asset management', '/demo/people/charlotte-martin.webp', '/demo/logos/rivoli-asset-management.webp'),
    (50, 'wei-zhang', 'Wei Zhang', 'Chief Data Officer', 'Pearl River Electronics', 'electronics', '/demo/people/wei-zhang.webp', '/demo/logos/pearl-river-electronics.webp'),
    (51, 'sarah-goldberg', 'Sarah Goldberg', 'Chief Data & AI Officer', 'Hudson Mutual Life', 'life insurance', '/demo/people/sarah-goldberg.webp', '/demo/logos/hudson-mutual-life.webp'),
    (52, 'matteo-bianchi', 'Matteo Bianchi', 'VP Data Platforms', 'Dolomiti Automotive', 'automotive', '/demo/people/matteo-bianchi.webp', '/demo/logos/dolomiti-automotive.webp'),
    (53, 'nia-campbell', 'Nia Campbell', 'Chief Data Officer', 'Caribbean Sun Resorts', 'hospitality', '/demo/people/nia-campbell.webp', '/demo/logos/caribbean-sun-resorts.webp'),
    (54, 'viktor-horvath', 'Viktor Horváth', 'Head of Analytics', 'Danube Pharma', 'pharmaceuticals', '/demo/people/viktor-horvath.webp', '/demo/logos/danube-pharma.webp'),
    (55, 'maya-patel', 'Maya Patel', 'Chief Data Officer', 'Peregrine Retail Bank', 'retail banking', '/demo/people/maya-patel.webp', '/demo/logos/peregrine-retail-bank.webp'),
    (56, 'alexander-wright', 'Alexander Wright', 'Chief Data Officer', 'Redwood Public Services', 'public services', '/demo/people/alexander-wright.webp', null),
    (57, 'fiona-mcleod', 'Fiona McLeod', 'Director of Data & AI', 'Highland Distillers Group', 'beverages', '/demo/people/fiona-mcleod.webp', '/demo/logos/highland-distillers-group.webp'),
    (58, 'tariq-hussain', 'Tariq Hussain', 'Chief Data Officer', 'Falcon Air Cargo', 'air cargo', null, '/demo/logos/falcon-air-cargo.webp'),
    (59, 'julia-novak', 'Julia Novák', 'Chief Analytics Officer', 'Bohemia Glassworks', 'manufacturing', '/demo/people/julia-novak.webp', '/demo/logos/bohemia-glassworks.webp'),
    (60, 'david-cohen', 'David Cohen', 'Chief AI Officer', 'Sabra Cyber Systems', 'cybersecurity', '/demo/people/david-cohen.webp', '/demo/logos/sabra-cyber-systems.webp')),
  facts as (
    select p.*,
           split_part(p.name, ' ', 1) as first_name,
           12 + (p.n * 7) % 15 as years,
           (select phrase from earlier where i = p.n % 15) as earlier,
           (select phrase from achievement where i = (p.n * 7) % 20) as achievement,
           (select phrase from interest where i = (p.n * 5) % 12) as interest,
           p.n in (13, 37, 52) as without_bio
      from person p)
insert into public.attendees (
  id, name, email, company, job_title, photo_url, company_logo_url, bio, linkedin_url,
  priorities, current_focus, future_focus, registered_at
)
select
  md5('cdo-vision-demo/attendee/' || f.n)::uuid,
  f.name,
  replace(f.handle, '-', '.') || '@' || private.slugify(private.fold_accents(f.company)) || '.example',
  f.company,
  f.job_title,
  f.photo_url,
  f.company_logo_url,
  case
    when f.without_bio then null
    when f.n % 4 = 0 then format(
      '%1$s is %2$s at %3$s, where data and AI report directly to the executive committee. Across %4$s years '
      'of data leadership in %5$s and beyond, %6$s %7$s before taking on the current role. Most recently the '
      'team at %3$s %8$s, a programme now used as a reference case across the group. Priorities for the coming '
      'year include simplifying the data estate, scaling trustworthy AI and growing the next generation of data '
      'leaders. Outside the day job, %6$s %9$s and speaks regularly about turning data strategy into measurable '
      'business results.',
      f.name, f.job_title, f.company, f.years, f.industry, f.first_name, f.earlier, f.achievement, f.interest)
    when f.n % 4 = 1 then format(
      'With %4$s years of experience in %5$s, %1$s leads data, analytics and AI as %2$s at %3$s. Before joining '
      '%3$s, %6$s %7$s. Today the focus is a federated operating model in which business domains own their data '
      'products while a small central team sets standards for quality, security and responsible AI. A recent '
      'highlight: the team %8$s. %6$s believes the hardest part of the job is not technology but change, and '
      'spends a good share of each week with business leaders rather than engineers. Away from work, %6$s %9$s.',
      f.name, f.job_title, f.company, f.years, f.industry, f.first_name, f.earlier, f.achievement, f.interest)
    when f.n % 4 = 2 then format(
      'As %2$s at %3$s, %1$s is responsible for the data platform, governance and applied AI portfolio of one of '
      'the best-known names in %5$s. %6$s came to the role after a career that started in research and moved '
      'through consulting into line leadership; along the way, %6$s %7$s. Under %6$s''s leadership the '
      'organisation %8$s. Colleagues describe %6$s as a pragmatic translator between engineers, regulators and '
      'the board, and as someone who measures success in business outcomes, not dashboards delivered. In spare '
      'hours, %6$s %9$s.',
      f.name, f.job_title, f.company, f.years, f.industry, f.first_name, f.earlier, f.achievement, f.interest)
    else format(
      '%1$s has spent %4$s years proving that data work pays for itself. As %2$s at %3$s, %6$s owns the '
      'enterprise data strategy of a business in %5$s operating in more than thirty markets. Earlier in the '
      'journey, %6$s %7$s. The achievement %6$s is proudest of: the team %8$s, with every use case tied to a '
      'named business owner and a tracked outcome. %6$s %9$s, and is a regular voice at CDO Vision roundtables, '
      'where the advice is always practical and the war stories are always honest.',
      f.name, f.job_title, f.company, f.years, f.industry, f.first_name, f.earlier, f.achievement, f.interest)
  end,
  case when f.n in (19, 44) then null else 'https://www.linkedin.com/in/' || f.handle end,
  (select string_agg(topic, ', ' order by k)
     from (values (1, (f.n * 3) % 16), (2, (f.n * 3 + 5) % 16), (3, (f.n * 3 + 11) % 16)) as pick (k, i)
     join priority using (i)),
  case when f.without_bio then null else (select sentence from current_focus where i = (f.n * 7) % 12) end,
  case when f.without_bio then null else (select sentence from future_focus where i = (f.n * 5 + 2) % 12) end,
  now() - make_interval(days => f.n * 6, hours => f.n % 9)
from facts f
on conflict (id) do nothing;

-- Events -----------------------------------------------------------------------------------------
-- Ten upcoming editions, one today, and eight past ones. Start times are local to the city; the slug is left to the
-- server, which generates it from the title ('CDO Vision Zürich 2026' -> 'cdo-vision-zurich-2026').
drop table if exists pg_temp.demo_event;
create temporary table demo_event as
select
  e.*,
  md5('cdo-vision-demo/event/' || e.key)::uuid as id,
  e.day_offset >= 0 as upcoming,
  ((current_date + e.day_offset) + f.starts_at) at time zone e.tz as start_date,
  ((current_date + e.day_offset) + f.starts_at + f.lasts) at time zone e.tz as end_date,
  f.subheading,
  f.description_template
from (values
  (1, 'london', 'London', 'Europe/London', 12, 'dinner', 'The Aldwych Rooms, Covent Garden, London', 'Putting generative AI to work in regulated industries', '/demo/events/london.webp'),
  (2, 'new-york', 'New York', 'America/New_York', 26, 'summit', 'Hudson Yards Conference Loft, New York', 'From data products to data profit', '/demo/events/new-york.webp'),
  (3, 'singapore', 'Singapore', 'Asia/Singapore', 41, 'dinner', 'The Orchid Room, Marina Bay, Singapore', 'Trusted AI across borders: sovereignty, privacy and scale', '/demo/events/singapore.webp'),
  (4, 'dubai', 'Dubai', 'Asia/Dubai', 55, 'roundtable', 'Al Noor Pavilion, DIFC, Dubai', 'National AI ambitions and the enterprise data foundation', '/demo/events/dubai.webp'),
  (5, 'sydney', 'Sydney', 'Australia/Sydney', 73, 'dinner', 'Harbourlight Dining Room, Circular Quay, Sydney', 'Data leadership in the age of AI agents', '/demo/events/sydney.webp'),
  (6, 'toronto', 'Toronto', 'America/Toronto', 94, 'dinner', 'The Carlaw Library, King West, Toronto', 'Measuring the value of data and AI', '/demo/events/toronto.webp'),
  (7, 'frankfurt', 'Frankfurt', 'Europe/Berlin', 118, 'summit', 'Mainufer Forum, Frankfurt am Main', 'AI regulation one year in: governance that ships', '/demo/events/frankfurt.webp'),
  (8, 'sao-paulo', 'São Paulo', 'America/Sao_Paulo', 139, 'dinner', 'Casa Jardins, São Paulo', 'Modernising data platforms without stopping the business', '/demo/events/sao-paulo.webp'),
  (9, 'amsterdam', 'Amsterdam', 'Europe/Amsterdam', 167, 'roundtable', 'Keizersgracht Salon, Amsterdam', 'Data culture: literacy, talent and the operating model', null),
  (10, 'tokyo', 'Tokyo', 'Asia/Tokyo', 196, 'summit', 'Marunouchi Sky Hall, Tokyo', 'Industrial AI and the next decade of data', '/demo/events/tokyo.webp'),
  (11, 'paris', 'Paris', 'Europe/Paris', -20, 'dinner', 'Salon Haussmann, 8th arrondissement, Paris', 'Responsible AI from principle to practice', '/demo/events/paris.webp'),
  (12, 'chicago', 'Chicago', 'America/Chicago', -48, 'dinner', 'The Riverwalk Room, Chicago', 'Supply chain intelligence after the disruption years', '/demo/events/chicago.webp'),
  (13, 'hong-kong', 'Hong Kong', 'Asia/Hong_Kong', -83, 'roundtable', 'Victoria Harbour Club, Central, Hong Kong', 'Financial services data at the speed of AI', '/demo/events/hong-kong.webp'),
  (14, 'stockholm', 'Stockholm', 'Europe/Stockholm', -120, 'dinner', 'Strandvägen Dining Hall, Stockholm', 'Sustainability data and the reporting challenge', '/demo/events/stockholm.webp'),
  (15, 'zurich', 'Zürich', 'Europe/Zurich', -160, 'summit', 'Seefeld Forum, Zürich', 'Data sovereignty and cloud strategy', '/demo/events/zurich.webp'),
  (16, 'madrid', 'Madrid', 'Europe/Madrid', -205, 'dinner', 'Palacio de la Castellana, Madrid', 'Customer data, personalisation and trust', null),
  (17, 'melbourne', 'Melbourne', 'Australia/Melbourne', -250, 'roundtable', 'Flinders Lane Study, Melbourne', 'Healthcare data: interoperability and AI at the bedside', '/demo/events/melbourne.webp'),
  (18, 'boston', 'Boston', 'America/New_York', -300, 'summit', 'Seaport Innovation Hall, Boston', 'Scaling machine learning in the enterprise', '/demo/events/boston.webp'),
  -- Today: the edition the door check-in screen shows on a fresh start (issue 16).
  (19, 'lisbon', 'Lisbon', 'Europe/Lisbon', 0, 'dinner', 'Palácio do Chiado, Lisbon', 'Data leaders and the AI operating model', '/demo/events/london.webp')
) as e (n, key, city, tz, day_offset, kind, venue, theme, featured_image_url)
join (values
  ('dinner', time '18:30', interval '4 hours',
   'An invite-only dinner for 35 chief data and AI officers',
   'CDO Vision %1$s brings together chief data officers, chief AI officers and heads of analytics from the '
   'region''s largest organisations for an evening of candid, off-the-record conversation. This edition''s theme '
   'is "%2$s". Over three courses, small tables work through the questions that keep data leaders up at night, '
   'guided by short provocations from peers who have been there. No vendor pitches and no slides: just practical '
   'lessons to take back to the team the next morning.'),
  ('summit', time '08:30', interval '9 hours',
   'A one-day summit for 40 data, analytics and AI leaders',
   'CDO Vision %1$s is a one-day summit for the leaders who set data and AI strategy in large enterprises. This '
   'edition explores "%2$s" through peer case studies, working sessions and a closing panel. Every session is '
   'built around decisions attendees face this year: where to invest, what to stop, and how to show the board '
   'the value of data. Seats are limited so that every participant can contribute.'),
  ('roundtable', time '12:00', interval '3 hours 30 minutes',
   'A closed-door lunch roundtable for 30 senior executives',
   'A closed-door lunch roundtable in %1$s for thirty senior data and AI executives, held under the Chatham '
   'House Rule. The discussion, "%2$s", is opened by two practitioners and shaped by what participants bring to '
   'the table. Expect frank exchange, a short written summary of the themes afterwards, and connections that '
   'last well beyond the afternoon.')
) as f (kind, starts_at, lasts, subheading, description_template) using (kind);

insert into public.events (
  id, slug, title, subheading, description, location, start_date, end_date, time_zone, featured_image_url,
  request_invite_url, capacity, why_attend, why_partner
)
select
  e.id,
  null,
  format('CDO Vision %s %s', e.city, extract(year from e.start_date)),
  e.subheading,
  format(e.description_template, e.city, e.theme),
  e.venue,
  e.start_date,
  e.end_date,
  -- The venue's zone: every date and time of the edition is shown and entered in it.
  e.tz,
  e.featured_image_url,
  -- Most upcoming editions take requests through the site's own form; Dubai and Amsterdam keep an
  -- external invitation page, as a partner-run edition would.
  case when e.upcoming and e.key in ('dubai', 'amsterdam') then 'https://invite.example.com/cdo-vision/' || e.key end,
  case e.kind when 'dinner' then 35 when 'summit' then 40 else 30 end,
  array[attend.p[1 + e.n % 8], attend.p[1 + (e.n + 3) % 8], attend.p[1 + (e.n + 5) % 8]]
    || case when e.n % 2 = 0 then array[attend.p[1 + (e.n + 6) % 8]] else '{}' end
    || case when e.n % 3 = 0 then array[attend.p[1 + (e.n + 1) % 8]] else '{}' end,
  array[partner.p[1 + e.n % 8], partner.p[1 + (e.n + 2) % 8], partner.p[1 + (e.n + 5) % 8]]
    || case when e.n % 2 = 1 then array[partner.p[1 + (e.n + 7) % 8]] else '{}' end
    || case when e.n % 4 = 0 then array[partner.p[1 + (e.n + 3) % 8]] else '{}' end
from demo_event e
cross join (select array[
  'Off-the-record conversation with 30-40 peers who face the same decisions',
  'Practical case studies from leaders who have scaled data and AI programmes',
  'No vendor pitches: every session is led by practitioners',
  'A curated guest list of chief data, analytics and AI officers',
  'Benchmark your operating model, budget and team against your peers',
  'Leave with ideas you can put to work the following week',
  'Build a trusted network you can call on between events',
  'Hear how boards and regulators are thinking about AI risk'
]) as attend (p)
cross join (select array[
  'Meet decision-makers with budget authority in one room',
  'Host a table conversation on the topic your team knows best',
  'Stand alongside a trusted, practitioner-led community',
  'Follow up with warm introductions after the event',
  'Hear first-hand which problems data leaders are prioritising',
  'Year-round visibility across the CDO Vision series',
  'A small, senior audience instead of a crowded exhibition hall',
  'Content partnership in our post-event summary'
]) as partner (p)
on conflict (id) do nothing;

-- Who attends: twelve people per event, 'current' for upcoming editions and 'past' for past ones.
insert into public.event_attendees (id, event_id, attendee_id, attendee_type)
select
  md5(format('cdo-vision-demo/event-attendee/%s/%s', e.n, a))::uuid,
  e.id,
  md5('cdo-vision-demo/attendee/' || a)::uuid,
  case when e.upcoming then 'current' else 'past' end
from demo_event e
cross join generate_series(1, 60) as a
where (a + e.n * 7) % 5 = 0 and e.key <> 'lisbon'
on conflict (id) do nothing;

-- Agenda: three to six sessions per event -----------------------------------------------------------
drop table if exists pg_temp.demo_session;
create temporary table demo_session as
select
  e.n as event_n,
  k,
  md5(format('cdo-vision-demo/session/%s/%s', e.n, k))::uuid as id,
  e.id as event_id,
  e.start_date + k * slot.every as start_time,
  e.start_date + k * slot.every + slot.lasts as end_time,
  slot.rooms[1 + k % cardinality(slot.rooms)] as room,
  case
    when k = 0 then 1
    when k = 2 + e.n % 4 then case e.kind when 'summit' then 20 else 12 end
    else (array[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19])[1 + (e.n * 3 + k) % 17]
  end as topic
from demo_event e
cross join lateral generate_series(0, 2 + e.n % 4) as k
join (values
  ('dinner', interval '40 minutes', interval '35 minutes', array['Reception Lounge', 'Private Dining Room', 'The Library']),
  ('summit', interval '80 minutes', interval '70 minutes', array['Main Hall', 'Salon A', 'Salon B']),
  ('roundtable', interval '35 minutes', interval '30 minutes', array['Boardroom'])
) as slot (kind, every, lasts, rooms) on slot.kind = e.kind;

insert into public.sessions (id, event_id, title, description, start_time, end_time, room)
select s.id, s.event_id, t.title, t.description, s.start_time, s.end_time, s.room
from demo_session s
join (values
  (1, 'Welcome and opening provocation', 'The host sets the scene with three questions every data leader should be able to answer this year.'),
  (2, 'Generative AI: from pilots to profit', 'Which use cases earned their keep, which quietly disappeared, and how leaders decide what to scale next.'),
  (3, 'The data product operating model, two years on', 'Peers compare what worked, and what they would do differently, when giving business domains ownership of data.'),
  (4, 'Fireside chat: reporting to the board on data and AI', 'How to turn technical progress into the language of risk, growth and cost that boards respond to.'),
  (5, 'AI governance that does not slow delivery', 'Practical approaches to model inventories, risk tiers and approvals that teams actually follow.'),
  (6, 'Roundtable: the cost of the modern data stack', 'Tables share the levers that cut platform spend without starving new initiatives.'),
  (7, 'Data quality as a business measure', 'Making quality visible, owned and rewarded across the organisation.'),
  (8, 'Building and keeping a world-class data team', 'Hiring, career paths and the skills mix needed as AI changes the work itself.'),
  (9, 'Case study: a single view of the customer', 'One organisation''s three-year journey to unify customer data across markets and channels.'),
  (10, 'Privacy, sovereignty and cross-border data', 'What new rules on data residency mean for global platforms and AI models.'),
  (11, 'AI agents in the enterprise', 'Where autonomous agents already run in production, and how their actions are controlled and audited.'),
  (12, 'Closing reflections', 'Each table shares one idea it will act on, followed by informal conversation.'),
  (13, 'Panel: measuring the value of data and AI', 'Frameworks for tracking outcomes, attributing value and deciding what to stop.'),
  (14, 'Working session: next year''s data strategy on one page', 'A guided exercise to pressure-test priorities with peers from other industries.'),
  (15, 'Case study: modernising a legacy data platform', 'Lessons from moving decades of systems to the cloud while the business kept running.'),
  (16, 'Data literacy for leaders', 'Programmes that changed how executives ask for, read and challenge data.'),
  (17, 'Responsible AI in practice', 'Bias testing, transparency and human oversight in real deployments.'),
  (18, 'Partner insight: lessons from the field', 'A short, practical talk from a partner on patterns seen across many organisations.'),
  (19, 'Sustainability data and reporting', 'Getting reliable emissions and supply chain data for new disclosure rules.'),
  (20, 'Closing panel and networking reception', 'Three attendees reflect on the day, followed by drinks.')
) as t (topic, title, description) using (topic)
on conflict (id) do nothing;

-- One to three speakers per session, chosen from that event's attendees, in display order.
insert into public.session_speakers (id, session_id, attendee_id, display_order)
select
  md5(format('cdo-vision-demo/session-speaker/%s/%s/%s', s.event_n, s.k, j))::uuid,
  s.id,
  lineup.attendee_ids[1 + (s.k * 3 + j) % cardinality(lineup.attendee_ids)],
  j
from demo_session s
join (
  select e.n, array_agg(md5('cdo-vision-demo/attendee/' || a)::uuid order by a) as attendee_ids
    from demo_event e
    cross join generate_series(1, 60) as a
   where (a + e.n * 7) % 5 = 0
   group by e.n
) as lineup on lineup.n = s.event_n
cross join lateral generate_series(0, (s.event_n + s.k) % 3) as j
on conflict (id) do nothing;

-- Sponsors of each event: three to six, best tier first --------------------------------------------
insert into public.event_sponsors (id, event_id, sponsor_id, tier_id, display_order)
select
  md5(format('cdo-vision-demo/event-sponsor/%s/%s', e.n, j))::uuid,
  e.id,
  md5('cdo-vision-demo/sponsor/' || ((e.n * 5 + j * 3) % 14 + 1))::uuid,
  md5('cdo-vision-demo/tier/' || case when j = 0 then 'premier' when j = 1 then 'platinum' when j < 4 then 'gold' else 'exhibitor' end)::uuid,
  j + 1
from demo_event e
cross join lateral generate_series(0, 2 + e.n % 4) as j
on conflict (id) do nothing;

-- Galleries: none, two, five or six images, drawn from a shared set ---------------------------------
insert into public.event_gallery (id, event_id, image_url, caption, display_order)
select
  md5(format('cdo-vision-demo/gallery/%s/%s', e.n, k))::uuid,
  e.id,
  (array[
    '/demo/gallery/01.webp', '/demo/gallery/02.webp', '/demo/gallery/03.webp', '/demo/gallery/04.webp',
    '/demo/gallery/05.webp', '/demo/gallery/06.webp', '/demo/gallery/07.webp', '/demo/gallery/08.webp',
    '/demo/gallery/09.webp', '/demo/gallery/10.webp', '/demo/gallery/11.webp', '/demo/gallery/12.webp'
  ])[1 + (e.n * 5 + k) % 12],
  (array[
    'Guests arriving for the welcome reception', 'Table conversations during the main course',
    'The opening provocation', 'Peers comparing notes between sessions', 'The venue, set for the evening',
    'Closing reflections from each table'
  ])[1 + k % 6],
  k
from demo_event e
cross join lateral generate_series(0, (array[0, 2, 6, 5])[1 + e.n % 4] - 1) as k
on conflict (id) do nothing;

-- Testimonials: four general (no event), the rest from past editions ---------------------------------
insert into public.testimonials (id, event_id, name, job_title, company, photo_url, quote, rating, display_order)
select
  md5('cdo-vision-demo/testimonial/' || t.n)::uuid,
  case when t.event_key is null then null else md5('cdo-vision-demo/event/' || t.event_key)::uuid end,
  t.name, t.job_title, t.company, t.photo_url, t.quote, t.rating, t.display_order
from (values
  (1, null, 'Amara Okafor', 'Chief Data Officer', 'Halvorsen Maritime', '/demo/people/amara-okafor.webp',
   'The most useful evening of my year. Thirty people who do the same job, no sales pitches, and conversations that carried on for weeks afterwards.', 5, 0),
  (2, null, 'Hiroshi Tanaka', 'Executive Director, Data Strategy', 'Kaminari Motors', '/demo/people/hiroshi-tanaka.webp',
   'I came with one question about our AI governance model and left with five tested answers from peers who had already tried them.', 5, 1),
  (3, null, 'Nadia Haddad', 'Chief Data Officer', 'Levant Crescent Bank', '/demo/people/nadia-haddad.webp',
   'Small enough to be honest, senior enough to matter. CDO Vision is where I benchmark my thinking.', 5, 2),
  (4, null, 'Ethan Brooks', 'Chief Data Scientist', 'Pinecrest Capital', '/demo/people/ethan-brooks.webp',
   'Well organised, well curated and genuinely practical. I have hired two people I met through these dinners.', 4, 3),
  (5, 'paris', 'Chloé Dubois', 'Chief Data Officer', 'Lumière Cosmetics', '/demo/people/chloe-dubois.webp',
   'The responsible AI discussion in Paris changed how we run our model reviews. We rewrote our approval process the following month.', 5, 0),
  (6, 'chicago', 'Marcus Johnson', 'SVP Enterprise Data', 'Corvid Telecom', '/demo/people/marcus-johnson.webp',
   'Hearing how other supply chain leaders rebuilt forecasting after the disruption years was worth the trip on its own.', 5, 1),
  (7, 'hong-kong', 'Wei Zhang', 'Chief Data Officer', 'Pearl River Electronics', '/demo/people/wei-zhang.webp',
   'Frank, focused and free of jargon. The Chatham House format made all the difference.', 4, 0),
  (8, 'stockholm', 'Ingrid Johansson', 'Chief Data Officer', 'Fjordline Seafood', '/demo/people/ingrid-johansson.webp',
   'Finally a room where sustainability reporting was discussed by people who actually have to produce the numbers.', 5, 0),
  (9, 'zurich', 'Thomas Müller', 'Chief Data Officer', 'Alpenbank Privat', '/demo/people/thomas-muller.webp',
   'A day of sharp case studies on sovereignty and cloud. I brought my whole leadership team the following year.', 5, 0),
  (10, 'madrid', 'Camila Rodríguez', 'VP Data & Insights', 'Andes Beverage Company', '/demo/people/camila-rodriguez.webp',
   'Great food, better conversation. The personalisation session gave us a roadmap we are still following.', 4, 0),
  (11, 'melbourne', 'Zoë Taylor', 'Chief Data & AI Officer', 'Southern Cross Health', '/demo/people/zoe-taylor.webp',
   'Clinicians, data leaders and regulators around one table: exactly the mix healthcare AI needs.', 5, 0),
  (12, 'boston', 'Sarah Goldberg', 'Chief Data & AI Officer', 'Hudson Mutual Life', '/demo/people/sarah-goldberg.webp',
   'The machine learning scaling panel was the most candid discussion of MLOps costs I have heard anywhere.', 5, 0)
) as t (n, event_key, name, job_title, company, photo_url, quote, rating, display_order)
on conflict (id) do nothing;

-- Videos: long and short video links, some general, some from past editions --------------------------
insert into public.videos (id, event_id, title, description, video_url, thumbnail_url, display_order)
select
  md5('cdo-vision-demo/video/' || v.n)::uuid,
  case when v.event_key is null then null else md5('cdo-vision-demo/event/' || v.event_key)::uuid end,
  v.title, v.description, v.video_url, v.thumbnail_url, v.display_order
from (values
  (1, null, 'What is CDO Vision?', 'Two minutes on how the series works and who it is for.',
   'https://www.youtube.com/watch?v=Qv7rT2mLx9A', '/demo/gallery/03.webp', 0),
  (2, null, 'Highlights of the year', 'Moments from a year of dinners, roundtables and summits.',
   'https://youtu.be/Hk4pZ8wNc1E', '/demo/gallery/07.webp', 1),
  (3, 'paris', 'CDO Vision Paris: responsible AI in practice', 'Attendees on turning principles into review processes.',
   'https://www.youtube.com/watch?v=Pa3sR9dVf2K&t=15s', '/demo/events/paris.webp', 0),
  (4, 'chicago', 'CDO Vision Chicago highlights', 'Supply chain leaders compare notes.',
   'https://youtu.be/Cg8hL1qTz5M', '/demo/events/chicago.webp', 0),
  (5, 'zurich', 'Keynote: data sovereignty without the hype', 'The opening talk of the Zürich summit.',
   'https://www.youtube.com/watch?v=Zr6yB4nKw0D', '/demo/events/zurich.webp', 0),
  (6, 'boston', 'Panel: what it costs to scale machine learning', 'Three leaders on budgets, platforms and people.',
   'https://www.youtube.com/embed/Bs2mX7cJq4H', null, 0),
  (7, 'stockholm', 'CDO Vision Stockholm in two minutes', 'An evening on sustainability data.',
   'https://youtu.be/St9kW3eGv6N', '/demo/events/stockholm.webp', 0),
  (8, null, 'Why we partner with CDO Vision', 'Sponsors on what a small, senior audience means for them.',
   'https://www.youtube.com/watch?v=Wp5cN1rYh8T', '/demo/gallery/11.webp', 2)
) as v (n, event_key, title, description, video_url, thumbnail_url, display_order)
on conflict (id) do nothing;

-- Invite requests: eight per upcoming edition that uses the site's form, in every status --------------
-- Approved and invited guests become attendees of the edition (a trigger links them). The messages
-- the server queued for these demo requests count as sent: the demo has a history, and a seed run
-- against a configured mail provider sends nothing.
insert into public.invite_requests (
  id, event_id, name, email, company, job_title, linkedin_url, reason, consent, status, created_at
)
select
  md5(format('cdo-vision-demo/invite-request/%s/%s', e.n, k))::uuid,
  e.id,
  first_name || ' ' || last_name,
  lower(format('%s.%s@%s.example', first_name, last_name, replace(lower(company), ' ', '-'))),
  company,
  job_title,
  case when k % 3 = 0 then lower(format('https://www.linkedin.com/in/%s-%s', first_name, last_name)) end,
  case when k % 2 = 1 then (array[
    'I lead our data governance programme and would value comparing notes on AI risk with peers.',
    'We are rebuilding our analytics platform this year; the theme of this edition is exactly our question.',
    'I joined as CDO six months ago and want to learn from leaders who have scaled a data team.',
    'Our board asked for an AI strategy by the spring. I would like to test our thinking with peers.'
  ])[1 + (e.n + k) % 4] end,
  true,
  (array['pending', 'pending', 'pending', 'approved', 'approved', 'declined', 'waitlisted', 'invited'])[k],
  now() - make_interval(days => 9 - k, hours => e.n)
from demo_event e
cross join generate_series(1, 8) as k
cross join lateral (
  select
    (array['Priya', 'Jonas', 'Mei', 'Oliver', 'Fatima', 'Lucas', 'Aiko', 'Daniel', 'Sofia', 'Kwame', 'Elena', 'Rafael'])[1 + (e.n * 5 + k) % 12] as first_name,
    (array['Raman', 'Berg', 'Lin', 'Hughes', 'Al-Sayed', 'Moreau', 'Sato', 'Keller', 'Rossi', 'Mensah', 'Petrova', 'Costa'])[1 + (e.n * 7 + k * 5) % 12] as last_name,
    (array['Northwind Logistics', 'Bluepeak Energy', 'Meridian Insurance', 'Corvane Retail', 'Tidewater Bank', 'Ostara Pharma'])[1 + (e.n + k) % 6] as company,
    (array['Chief Data Officer', 'Chief AI Officer', 'Head of Analytics', 'VP Data Platforms', 'Director of Data Governance'])[1 + (e.n + k * 2) % 5] as job_title
) as person
where e.upcoming and e.key not in ('dubai', 'amsterdam', 'lisbon')
on conflict (id) do nothing;

-- Today's edition: 35 guests, approved or invited (so each has a personal code), five of them
-- already checked in at the door.
insert into public.invite_requests (id, event_id, name, email, company, job_title, consent, status, created_at)
select
  md5(format('cdo-vision-demo/invite-request/%s/%s', e.n, a.n))::uuid,
  e.id, p.name, p.email, p.company, p.job_title, true,
  case when a.n % 7 = 0 then 'invited' else 'approved' end,
  now() - make_interval(days => 20 - a.n % 10)
from demo_event e
cross join generate_series(1, 35) as a (n)
join public.attendees p on p.id = md5('cdo-vision-demo/attendee/' || a.n)::uuid
where e.key = 'lisbon'
on conflict (id) do nothing;

insert into public.check_ins (id, event_id, attendee_id, device_id, device_label, checked_in_at)
select
  md5(format('cdo-vision-demo/check-in/%s', a))::uuid,
  e.id,
  md5('cdo-vision-demo/attendee/' || a)::uuid,
  'demo-front-desk',
  'Front desk',
  now() - make_interval(mins => 30 - a * 4)
from demo_event e
cross join generate_series(1, 5) as a
where e.key = 'lisbon'
on conflict (id) do nothing;

update private.guest_messages m
   set sent_at = now()
 where m.sent_at is null
   and m.request_id in (
     select md5(format('cdo-vision-demo/invite-request/%s/%s', e.n, k))::uuid
       from demo_event e cross join generate_series(1, 35) as k);

-- Before and after the event (issue 31) ----------------------------------------------------------------
-- Paris, the latest past edition: ten of its twelve guests were checked in at the door (two did not
-- come), each was asked for feedback two hours after the end, and eight answered: quotes given with
-- consent (two already published as testimonials of the edition, one not yet), a quote without
-- consent (never publishable), comments, ratings alone. Each guest's feedback link has a random
-- token of its own. London, the next edition, has its reminders scheduled (on by default).
insert into public.check_ins (id, event_id, attendee_id, device_id, device_label, checked_in_at)
select
  md5(format('cdo-vision-demo/check-in/%s/%s', e.n, a))::uuid,
  e.id,
  md5('cdo-vision-demo/attendee/' || a)::uuid,
  'demo-front-desk',
  'Front desk',
  e.start_date - make_interval(mins => 20 - a % 15)
from demo_event e
cross join generate_series(3, 48, 5) as a
where e.key = 'paris'
on conflict (id) do nothing;

insert into private.feedback_requests (event_id, attendee_id, created_at)
select e.id, md5('cdo-vision-demo/attendee/' || a)::uuid, e.end_date + interval '2 hours'
from demo_event e
cross join generate_series(3, 48, 5) as a
where e.key = 'paris'
on conflict (event_id, attendee_id) do nothing;

insert into private.guest_messages (feedback_request_id, kind, status_changed_at, created_at, attempts, sent_at)
select f.id, 'feedback_request', e.end_date + interval '2 hours', e.end_date + interval '2 hours', 1,
       e.end_date + interval '2 hours 1 minute'
from demo_event e
join private.feedback_requests f on f.event_id = e.id
where e.key = 'paris'
on conflict do nothing;

insert into public.feedback_responses (
  id, event_id, attendee_id, rating, valuable_session_id, do_differently, quote, quote_consent, submitted_at, updated_at
)
select
  md5('cdo-vision-demo/feedback/' || r.a)::uuid,
  e.id,
  md5('cdo-vision-demo/attendee/' || r.a)::uuid,
  r.rating,
  case when r.session_k is null then null else md5(format('cdo-vision-demo/session/%s/%s', e.n, r.session_k))::uuid end,
  r.do_differently,
  r.quote,
  r.consent,
  e.end_date + make_interval(hours => 3 + r.a % 20),
  e.end_date + make_interval(hours => 3 + r.a % 20)
from demo_event e
cross join (values
  (3, 5, 1, 'A little more time between courses: the best conversations were cut short.',
   'The one evening a year where I hear how peers really run AI governance, not how the slides say they do.', true),
  (8, 5, 1, null,
   'Thirty people who do my job, around one table, speaking frankly. I left with three ideas we started on the next morning.', true),
  (13, 4, 2, 'Share the attendee list a week earlier so we can plan who to meet.',
   'Practical, candid and refreshingly free of vendor pitches.', true),
  (18, 4, 0, null,
   'Good evening, though I would rather not be quoted by name.', false),
  (23, 3, null, 'The room was loud during the main course; a quieter venue would help the table discussions.', null, false),
  (28, 5, 2, null, null, false),
  (33, 4, null, 'A short written summary of each table''s conclusions afterwards would be valuable.', null, false),
  (38, 2, null, 'Too many topics for one evening; pick two and go deeper.', null, false)
) as r (a, rating, session_k, do_differently, quote, consent)
where e.key = 'paris'
on conflict (event_id, attendee_id) do nothing;

-- The two quotes already published, as 'Publish as testimonial' makes them: the guest's name, job
-- title, company and photo from their attendee record, their rating and words, after the edition's
-- other testimonials.
insert into public.testimonials (id, event_id, name, job_title, company, photo_url, quote, rating, display_order)
select md5('cdo-vision-demo/testimonial/feedback/' || r.a)::uuid, fr.event_id, p.name, p.job_title, p.company,
       p.photo_url, fr.quote, fr.rating, r.display_order
from (values (3, 1), (8, 2)) as r (a, display_order)
join public.feedback_responses fr on fr.id = md5('cdo-vision-demo/feedback/' || r.a)::uuid
join public.attendees p on p.id = fr.attendee_id
on conflict (id) do nothing;

update public.feedback_responses fr
   set testimonial_id = md5('cdo-vision-demo/testimonial/feedback/' || r.a)::uuid
  from (values (3), (8)) as r (a)
 where fr.id = md5('cdo-vision-demo/feedback/' || r.a)::uuid and fr.testimonial_id is null;

-- Today's edition had its reminders yesterday at 9:00 and, once it is past 7:00 in Lisbon, this
-- morning: recorded as sent, so a fresh start does not mail its 35 guests again.
insert into private.guest_messages (request_id, kind, status_changed_at, created_at, attempts, sent_at)
select r.id, k.kind, k.due_at, k.due_at, 1, k.due_at
from demo_event e
join public.invite_requests r on r.event_id = e.id and r.status in ('approved', 'invited')
cross join lateral private.reminder_times(e.start_date, e.tz) t
cross join lateral (values ('reminder_day_before', t.day_before_at), ('reminder_morning', t.morning_at)) as k (kind, due_at)
where e.key = 'lisbon' and k.due_at <= now()
on conflict do nothing;

-- A guest across the series (issue 32) ------------------------------------------------------------------
-- Guest 3 came to Madrid, Paris and today's Lisbon, and to Chicago and Hong Kong before the door was
-- used: five editions. Guests 53 and 58 were expected at Paris and never checked in: two no-shows,
-- 53's cleared by an admin with a reason. And a likely duplicate: guest 8 registered a second time
-- with a '+events' tag on the same address, and came to Stockholm under it.
insert into public.event_attendees (id, event_id, attendee_id, attendee_type)
select md5(format('cdo-vision-demo/event-attendee/%s/%s', e.n, 3))::uuid, e.id, md5('cdo-vision-demo/attendee/3')::uuid, 'past'
from demo_event e
where e.key in ('chicago', 'hong-kong')
on conflict (id) do nothing;

insert into public.no_show_clearings (event_id, attendee_id, reason, cleared_at)
select e.id, md5('cdo-vision-demo/attendee/53')::uuid, 'Flight cancelled by the airline; sent apologies the day before',
       e.end_date + interval '1 day'
from demo_event e
where e.key = 'paris'
on conflict do nothing;

insert into public.attendees (id, name, email, company, job_title, registered_at)
select md5('cdo-vision-demo/attendee/duplicate-of-8')::uuid, a.name, replace(a.email, '@', '+events@'), a.company,
       a.job_title, now() - interval '100 days'
from public.attendees a
where a.id = md5('cdo-vision-demo/attendee/8')::uuid
on conflict (id) do nothing;

insert into public.event_attendees (id, event_id, attendee_id, attendee_type)
select md5('cdo-vision-demo/event-attendee/duplicate-of-8')::uuid, e.id, md5('cdo-vision-demo/attendee/duplicate-of-8')::uuid, 'past'
from demo_event e
where e.key = 'stockholm'
on conflict (id) do nothing;

drop table pg_temp.demo_session, pg_temp.demo_event;
